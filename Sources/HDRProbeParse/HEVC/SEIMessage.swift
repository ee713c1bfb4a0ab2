/// SEI messages of an SEI RBSP: ITU-T H.265 §7.3.2.4 (`sei_rbsp()`) and §7.3.5 (`sei_message()`);
/// the same framing as H.264 §7.3.2.3.
///
/// `payloadType` and `payloadSize` are each coded as a run of `0xFF` bytes (each adding 255)
/// followed by one last byte. Parsing rules follow `docs/rules/hdr10plus.md` §2.2: messages are
/// read while more than the rbsp trailing byte remains; a size running past the NAL stops the
/// walk (the messages read before it are kept); at most ``SEIMessageParser/maxMessages``.
package struct SEIMessage: Sendable, Equatable {
    package let payloadType: Int
    package let payload: [UInt8]

    package init(payloadType: Int, payload: [UInt8]) {
        self.payloadType = payloadType
        self.payload = payload
    }
}

package enum SEIMessageParser {
    package static let maxMessages = 64

    /// - Parameters:
    ///   - rbsp: an SEI NAL unit with emulation prevention removed, 2-byte HEVC header included.
    ///   - headerSize: 2 for HEVC (default), 1 for AVC.
    package static func parse(rbsp: [UInt8], headerSize: Int = 2) -> [SEIMessage] {
        guard headerSize >= 0, rbsp.count > headerSize else { return [] }
        // The rbsp_stop_one_bit sits in the last non-zero byte; messages end before it.
        var last = rbsp.count - 1
        while last >= headerSize && rbsp[last] == 0 { last -= 1 }
        guard last > headerSize else { return [] }
        var messages: [SEIMessage] = []
        var i = headerSize
        while i < last && messages.count < maxMessages {
            guard let type = readCodedValue(rbsp, &i), let size = readCodedValue(rbsp, &i) else { break }
            guard size <= rbsp.count - i else { break }
            messages.append(SEIMessage(payloadType: type, payload: Array(rbsp[i..<(i + size)])))
            i += size
        }
        return messages
    }

    /// Reads `0xFF`* + last byte; nil when the data ends first.
    private static func readCodedValue(_ b: [UInt8], _ i: inout Int) -> Int? {
        var value = 0
        while i < b.count {
            let byte = b[i]
            i += 1
            value += Int(byte)
            if byte != 0xFF { return value }
        }
        return nil
    }
}
