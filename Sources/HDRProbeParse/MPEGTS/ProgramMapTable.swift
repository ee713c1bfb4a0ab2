/// The elementary streams of the first program of an MPEG-2 transport stream, from its Program
/// Association Table (PID 0, table_id 0x00) and Program Map Table (table_id 0x02): ISO/IEC
/// 13818-1 §2.4.4.3 (PAT) and §2.4.4.8 (PMT). Only single-packet sections are read (a PMT
/// continued across packets is skipped) — enough for the descriptors hdrprobe needs, the Dolby
/// Vision `DOVI_video_stream_descriptor` (tag 0xB0, `DOVIDecoderConfigurationRecord/parseTSDescriptorBody(_:)`).
package struct ProgramMapTable: Sendable, Equatable {
    package struct ElementaryStream: Sendable, Equatable {
        package var pid: Int
        package var streamType: Int
        /// (descriptor_tag, body) in ES_info order.
        package var descriptors: [(tag: Int, body: [UInt8])]

        package init(pid: Int, streamType: Int, descriptors: [(tag: Int, body: [UInt8])]) {
            self.pid = pid
            self.streamType = streamType
            self.descriptors = descriptors
        }

        package static func == (a: Self, b: Self) -> Bool {
            a.pid == b.pid && a.streamType == b.streamType && a.descriptors.map(\.tag) == b.descriptors.map(\.tag)
                && a.descriptors.map(\.body) == b.descriptors.map(\.body)
        }

        /// The body of the first descriptor with this tag.
        package func descriptor(_ tag: Int) -> [UInt8]? { descriptors.first { $0.tag == tag }?.body }

        /// The languages of the first `ISO_639_language_descriptor` (tag 0x0A, §2.6.18: per entry an
        /// ISO 639-2 code in three bytes and an audio_type), joined by commas as libavformat reports
        /// them ("eng", "eng,deu"); nil without one, or when a code is not three letters.
        package var language: String? {
            guard let body = descriptor(ProgramMapTable.iso639LanguageDescriptorTag), body.count >= 4 else { return nil }
            var codes: [String] = []
            for entry in stride(from: 0, to: body.count - 3, by: 4) {
                let code = body[entry..<entry + 3]
                guard code.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
                codes.append(String(decoding: code, as: UTF8.self))
            }
            return codes.joined(separator: ",")
        }
    }

    package var pmtPID: Int
    package var streams: [ElementaryStream]

    package static let doviVideoStreamDescriptorTag = 0xB0
    package static let iso639LanguageDescriptorTag = 0x0A

    /// Reads the PAT, then the PMT it points to, from the packets of `bytes` (a file's first bytes).
    package static func read(_ bytes: [UInt8], layout: TransportStreamLayout) -> ProgramMapTable? {
        var pmtPID: Int?
        var offset = 0
        while offset + layout.packetSize <= bytes.count {
            let packet = offset + layout.syncOffset
            offset += layout.packetSize
            guard bytes[packet] == 0x47, let section = sectionStart(bytes, packet: packet) else { continue }
            let pid = (Int(bytes[packet + 1] & 0x1F) << 8) | Int(bytes[packet + 2])
            if pid == 0, pmtPID == nil {
                pmtPID = programMapPID(bytes, section: section, end: packet + 188)
            } else if let pmt = pmtPID, pid == pmt, bytes[section] == 0x02 {
                return ProgramMapTable(pmtPID: pmt, streams: elementaryStreams(bytes, section: section, end: packet + 188))
            }
        }
        return nil
    }

    /// The offset of the section that starts in this packet (payload_unit_start_indicator set), after the pointer field.
    package static func sectionStart(_ b: [UInt8], packet p: Int) -> Int? {
        guard b[p + 1] & 0x40 != 0 else { return nil }
        let adaptation = (b[p + 3] >> 4) & 0x3
        var s = p + 4
        if adaptation & 0x2 != 0 { s += 1 + Int(b[s]) }
        guard adaptation & 0x1 != 0, s < p + 188 else { return nil }
        s += 1 + Int(b[s])
        return s + 3 <= p + 188 ? s : nil
    }

    /// section_length, bounded by the packet: the end of the section's data before its CRC.
    package static func sectionDataEnd(_ b: [UInt8], section s: Int, end: Int) -> Int {
        let length = (Int(b[s + 1] & 0x0F) << 8) | Int(b[s + 2])
        return min(s + 3 + length - 4, end)
    }

    package static func programMapPID(_ b: [UInt8], section s: Int, end: Int) -> Int? {
        guard b[s] == 0x00 else { return nil }
        var p = s + 8
        let dataEnd = sectionDataEnd(b, section: s, end: end)
        while p + 4 <= dataEnd {
            let program = (Int(b[p]) << 8) | Int(b[p + 1])
            let pid = (Int(b[p + 2] & 0x1F) << 8) | Int(b[p + 3])
            if program != 0 { return pid }
            p += 4
        }
        return nil
    }

    package static func elementaryStreams(_ b: [UInt8], section s: Int, end: Int) -> [ElementaryStream] {
        let dataEnd = sectionDataEnd(b, section: s, end: end)
        guard s + 12 <= dataEnd else { return [] }
        let programInfoLength = (Int(b[s + 10] & 0x0F) << 8) | Int(b[s + 11])
        var p = s + 12 + programInfoLength
        var streams: [ElementaryStream] = []
        while p + 5 <= dataEnd {
            let type = Int(b[p])
            let pid = (Int(b[p + 1] & 0x1F) << 8) | Int(b[p + 2])
            let infoLength = (Int(b[p + 3] & 0x0F) << 8) | Int(b[p + 4])
            let infoEnd = min(p + 5 + infoLength, dataEnd)
            var descriptors: [(tag: Int, body: [UInt8])] = []
            var d = p + 5
            while d + 2 <= infoEnd {
                let length = Int(b[d + 1])
                let bodyEnd = min(d + 2 + length, infoEnd)
                descriptors.append((tag: Int(b[d]), body: Array(b[(d + 2)..<bodyEnd])))
                d += 2 + length
            }
            streams.append(ElementaryStream(pid: pid, streamType: type, descriptors: descriptors))
            p = infoEnd
        }
        return streams
    }
}
