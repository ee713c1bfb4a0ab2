/// How `scan` walks a library: which entries it looks at and how it treats symbolic links.
package struct WalkOptions: Sendable, Equatable {
    /// Names starting with `.` (files and folders) are skipped unless this is set.
    package var includeHidden = false
    /// Files without a media extension are sniffed (the first 8 KiB) and kept when they start
    /// like a media container.
    package var allFiles = false
    package var symlinks: SymlinkPolicy = .follow

    package enum SymlinkPolicy: String, Sendable, CaseIterable {
        /// Follow links to files and folders anywhere; each folder is walked once (loop-safe).
        case follow
        /// Follow links only when their target is inside the scan root.
        case inside
        /// Skip every symbolic link.
        case never
    }

    package init(includeHidden: Bool = false, allFiles: Bool = false, symlinks: SymlinkPolicy = .follow) {
        self.includeHidden = includeHidden
        self.allFiles = allFiles
        self.symlinks = symlinks
    }
}
