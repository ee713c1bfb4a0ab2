/// Matroska `AttachedFile` (ID 0x61A7, in `Attachments` 0x1941A469, RFC 9559 §5.1.6): a file carried
/// in the container (cover art, fonts) — its name (`FileName` 0x466E), media type (`FileMediaType`
/// 0x4660) and how many bytes of `FileData` (0x465C) it holds. The data itself is not kept.
package struct MatroskaAttachedFile: Sendable, Equatable {
    package var name: String?
    package var mediaType: String?
    package var dataSize = 0

    package static let attachmentsID: UInt32 = 0x1941A469

    /// The attached files of an `Attachments` element's data.
    package static func parseAttachments(_ bytes: [UInt8]) -> [MatroskaAttachedFile] {
        EBMLElement.children(of: 0..<bytes.count, in: bytes, limit: 1024).filter { $0.id == 0x61A7 }.map { element in
            var file = MatroskaAttachedFile()
            for child in EBMLElement.children(of: element.dataStart..<element.dataEnd, in: bytes, limit: 64) {
                switch child.id {
                case 0x466E: file.name = child.string(in: bytes)
                case 0x4660: file.mediaType = child.string(in: bytes)
                case 0x465C: file.dataSize = child.dataEnd - child.dataStart
                default: break
                }
            }
            return file
        }
    }
}
