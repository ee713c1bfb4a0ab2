import HDRProbeBytes

/// The start of a Dolby Digital (AC-3) or Dolby Digital Plus (E-AC-3) syncframe (ETSI TS 102 366
/// §4.4.1–4.4.2 and Annex E.1.2), as MPEG-TS carries them (stream_type 0x81 / 0x87, or 0x06 with an
/// AC-3 / E-AC-3 descriptor):
///
/// ```
/// AC-3:   syncword u(16) = 0x0B77 ; crc1 u(16) ; fscod u(2) ; frmsizecod u(6) ;
///         bsid u(5) ; bsmod u(3) ; acmod u(3) ; [cmixlev u(2)] ; [surmixlev u(2)] ; [dsurmod u(2)] ; lfeon u(1)
/// E-AC-3: syncword u(16) = 0x0B77 ; strmtyp u(2) ; substreamid u(3) ; frmsiz u(11) ;
///         fscod u(2) ; (fscod2 u(2) | numblkscod u(2)) ; acmod u(3) ; lfeon u(1) ; bsid u(5)
/// ```
/// `bsid` tells them apart (≤ 8 AC-3, 11–16 E-AC-3). `cmixlev` is present when `acmod` has three
/// front channels (odd and not 1), `surmixlev` when it has surround ones (bit 2), `dsurmod` for
/// 2/0. An E-AC-3 frame of `strmtyp` 1 is a dependent substream: it adds channels to the
/// independent one before it (7.1 as 5.1 plus two), which ``channelsOfFirstProgram(in:)`` says it
/// cannot count without the channel map.
package struct DolbyAudioSyncFrame: Sendable, Equatable {
    package var enhanced: Bool
    /// E-AC-3 `strmtyp`: 0 independent, 1 dependent, 2 AC-3 converted; 0 for AC-3.
    package var streamType: Int
    package var sampleRate: Int?
    package var acmod: Int
    package var lfeon: Bool
    /// The frame's length in bytes.
    package var frameBytes: Int

    /// AC-3 frame sizes in 16-bit words per `frmsizecod / 2` at 48 kHz and 32 kHz (Table 4.13; 44.1 kHz
    /// adds one word on odd codes).
    static let wordsAt48k = [64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 896, 1024, 1152, 1280]
    static let wordsAt32k = [96, 120, 144, 168, 192, 240, 288, 336, 384, 480, 576, 672, 768, 960, 1152, 1344, 1536, 1728, 1920]
    static let wordsAt44k = [69, 87, 104, 121, 139, 174, 208, 243, 278, 348, 417, 487, 557, 696, 835, 975, 1114, 1253, 1393]

    package static func parse(_ bytes: ArraySlice<UInt8>) throws -> DolbyAudioSyncFrame {
        guard bytes.count >= 8 else { throw BitstreamError.tooShort(needed: 8, got: bytes.count) }
        let head = Array(bytes.prefix(8))
        guard head[0] == 0x0B, head[1] == 0x77 else { throw BitstreamError.invalid(.audioSyncword(expected: 0x0B77)) }
        // bsid sits at the same place in both syntaxes: bits 40–44.
        let bsid = Int(head[5] >> 3)
        var r = BitReader(Array(head.dropFirst(2)))
        if bsid > 10 && bsid <= 16 {
            let strmtyp = try r.int(2)
            _ = try r.int(3)
            let frmsiz = try r.int(11)
            let fscod = try r.int(2)
            let fscod2OrBlocks = try r.int(2)
            let rate: Int?
            if fscod == 3 {
                guard fscod2OrBlocks < 3 else { throw BitstreamError.invalid(.audioReservedField("E-AC-3 fscod2", fscod2OrBlocks)) }
                rate = [24000, 22050, 16000][fscod2OrBlocks]
            } else {
                rate = AC3SpecificBox.sampleRates[fscod]
            }
            let acmod = try r.int(3)
            return DolbyAudioSyncFrame(enhanced: true, streamType: strmtyp, sampleRate: rate, acmod: acmod, lfeon: try r.flag(),
                                       frameBytes: (frmsiz + 1) * 2)
        }
        guard bsid <= 8 else { throw BitstreamError.invalid(.audioReservedField("AC-3 bsid", bsid)) }
        _ = try r.int(16)
        let fscod = try r.int(2)
        let frmsizecod = try r.int(6)
        guard fscod < 3 else { throw BitstreamError.invalid(.audioReservedField("AC-3 fscod", fscod)) }
        guard frmsizecod < 38 else { throw BitstreamError.invalid(.audioReservedField("AC-3 frmsizecod", frmsizecod)) }
        _ = try r.int(5)
        _ = try r.int(3)
        let acmod = try r.int(3)
        if acmod & 1 != 0 && acmod != 1 { _ = try r.int(2) }
        if acmod & 4 != 0 { _ = try r.int(2) }
        if acmod == 2 { _ = try r.int(2) }
        let words = [wordsAt48k, wordsAt44k, wordsAt32k][fscod][frmsizecod / 2] + (fscod == 1 ? frmsizecod & 1 : 0)
        return DolbyAudioSyncFrame(enhanced: false, streamType: 0, sampleRate: AC3SpecificBox.sampleRates[fscod], acmod: acmod,
                                   lfeon: try r.flag(), frameBytes: words * 2)
    }

    /// Main channels plus the low-frequency one.
    package var channels: Int { AC3SpecificBox.acmodChannels[acmod] + (lfeon ? 1 : 0) }

    /// The first syncframe in `bytes` (``AudioFrameSearch``) and the channels of the program it
    /// starts. A packet holds whole access units, and an E-AC-3 access unit is an independent
    /// frame followed by its dependent substreams: the channels are the frame's when the packet
    /// ends with it or the next frame is independent, nil when a dependent substream follows (it
    /// adds channels through a channel map this parser does not read) or what follows is not a
    /// frame.
    package static func first(in bytes: [UInt8]) -> (frame: DolbyAudioSyncFrame, channels: Int?)? {
        guard let (frame, i) = AudioFrameSearch.first(in: bytes, headerBytes: 8, isSync: { bytes[$0] == 0x0B && bytes[$0 + 1] == 0x77 },
                                                      parse: parse) else { return nil }
        guard frame.enhanced else { return (frame, frame.channels) }
        let next = i + frame.frameBytes
        if next == bytes.count { return (frame, frame.channels) }
        guard next + 8 <= bytes.count, let following = try? parse(bytes[next...]) else { return (frame, nil) }
        return (frame, following.enhanced && following.streamType != 1 ? frame.channels : nil)
    }
}
