/// Where the first audio frame of a packet starts: a PES payload begins with one, or with the tail of
/// a frame cut at the previous packet, so the first header is looked for in the packet's first
/// ``window`` bytes.
enum AudioFrameSearch {
    static let window = 2048

    /// The first offset within the window where `isSync` holds and `parse` reads a header of
    /// `headerBytes` bytes, with that header.
    static func first<Header>(in bytes: [UInt8], headerBytes: Int, isSync: (Int) -> Bool,
                              parse: (ArraySlice<UInt8>) throws -> Header) -> (header: Header, offset: Int)? {
        for i in 0..<max(0, min(bytes.count - headerBytes + 1, window)) where isSync(i) {
            if let header = try? parse(bytes[i...]) { return (header, i) }
        }
        return nil
    }
}
