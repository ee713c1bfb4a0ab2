/// What a ``LibraryScanner`` tells about its progress while it runs; the command line draws it
/// (its `ScanProgress`), a test or an app may count it. Called on the scanning thread.
package protocol ScanProgressObserver: AnyObject {
    /// Progress is shown at all (when not, the scanner does not count the files ahead).
    var isEnabled: Bool { get }
    /// `total`: files found so far; `totalKnown`: the count is complete.
    func update(done: Int, total: Int, totalKnown: Bool, current: String?)
    /// The scan ended (`interrupted`: stopped early).
    func finish(done: Int, interrupted: Bool)
    /// A warning to show in place of the progress (a damaged cache entry).
    func warn(_ message: String)
}
