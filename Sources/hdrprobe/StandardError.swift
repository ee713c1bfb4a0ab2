import Foundation

/// A message for people on standard error, one line.
enum StandardError {
    static func print(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
