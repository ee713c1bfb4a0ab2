import CFFmpeg
import Foundation

/// libavformat's log, captured instead of printed: error-level messages of the current thread
/// ("moov atom not found", "EBML header parsing failed") explain a failed open in the report.
package enum FFmpegLog {
    private static let key = "hdrprobe.avlog"

    package static func install() {
        hdrprobe_av_log_set_level(AV_LOG_ERROR)
        hdrprobe_av_log_set_callback { _, level, format, args in
            guard level <= AV_LOG_ERROR, let format, let args else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, args)
            let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !message.isEmpty else { return }
            let dict = Thread.current.threadDictionary
            var list = dict["hdrprobe.avlog"] as? [String] ?? []
            if list.count < 16 { list.append(message) }
            dict["hdrprobe.avlog"] = list
        }
    }

    /// Clears and returns this thread's captured messages.
    package static func drain() -> [String] {
        let dict = Thread.current.threadDictionary
        let list = dict[key] as? [String] ?? []
        dict[key] = nil
        return list
    }
}
