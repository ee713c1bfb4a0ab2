import Foundation

extension ProbePath {
    /// The exact bytes in Base64 when they are not valid UTF-8 (a report's `pathBytes`), else nil.
    package var base64BytesIfLossy: String? { isLossy ? Data(bytes).base64EncodedString() : nil }

    /// The path a report's `path` and `pathBytes` (Base64 of the exact bytes) name.
    package init(path: String, base64Bytes: String?) {
        if let base64Bytes, let data = Data(base64Encoded: base64Bytes) {
            self.init(bytes: [UInt8](data))
        } else {
            self.init(path)
        }
    }
}
