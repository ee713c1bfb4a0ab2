#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSVGRaster
import Foundation

/// Writes the pages and pictures of `hdrprobe report` and `hdrprobe plot`, each atomically: into a
/// temporary file beside the destination, then renamed over it, so a reader never sees half a file
/// and a failure leaves the destination as it was.
package enum PictureFile {
    package struct Failure: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// Text (HTML, SVG) to `path`.
    package static func write(text: String, to path: String) throws(Failure) {
        try replace(path) { temporary throws(Failure) in
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: temporary)) } catch {
                throw Failure(path: path, reason: "cannot write: \(error.localizedDescription)")
            }
        }
    }

    /// An SVG picture of `width` × `height` user units to a PNG at `scale` pixels a unit, through
    /// librsvg and cairo (loaded at first use; their absence is this error, not a crash).
    package static func writePNG(svg: String, width: Double, height: Double, scale: Double, to path: String) throws(Failure) {
        try replace(path) { temporary throws(Failure) in
            var message = [CChar](repeating: 0, count: 512)
            let bytes = Array(svg.utf8)
            let status = bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { c in
                    hdrprobe_svg_to_png(c.baseAddress, c.count, width, height, scale, temporary, &message, message.count)
                }
            }
            if status != 0 {
                throw Failure(path: path, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
    }

    /// Runs `body` on a fresh temporary path in `path`'s folder, then renames it to `path`;
    /// the temporary file is removed on any failure.
    static func replace(_ path: String, _ body: (String) throws(Failure) -> Void) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(path: path, reason: "the folder \(folder) does not exist")
        }
        let temporary = folder + "/." + url.lastPathComponent + ".hdrprobe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do throws(Failure) {
            try body(temporary)
            guard rename(temporary, path) == 0 else {
                throw Failure(path: path, reason: "cannot replace: \(String(cString: strerror(errno)))")
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
