/// How `scan` walks a library: which entries it looks at and how it treats symbolic links.
public struct WalkOptions: Sendable, Equatable {
    /// Names starting with `.` (files and folders) are skipped unless this is set.
    public var includeHidden = false
    /// Files without a media extension are sniffed (the first 8 KiB) and kept when they start
    /// like a media container.
    public var allFiles = false
    public var symlinks: SymlinkPolicy = .follow

    public enum SymlinkPolicy: String, Sendable, CaseIterable {
        /// Follow links to files and folders anywhere; each folder is walked once (loop-safe).
        case follow
        /// Follow links only when their target is inside the scan root.
        case inside
        /// Skip every symbolic link.
        case never
    }

    public init(includeHidden: Bool = false, allFiles: Bool = false, symlinks: SymlinkPolicy = .follow) {
        self.includeHidden = includeHidden
        self.allFiles = allFiles
        self.symlinks = symlinks
    }
}
