import HDRProbeBytes

/// `clli` (ISO/IEC 14496-12 §12.1.7, CTA-861.3): max_content_light_level and
/// max_pic_average_light_level, u16 each, in cd/m².
package struct ContentLightLevelBox: Sendable, Equatable {
    package var level: ContentLightLevel

    package static func parse(_ payload: ArraySlice<UInt8>) throws -> ContentLightLevelBox {
        var r = ByteReader(Array(payload))
        let cll = Int(try r.u16()), fall = Int(try r.u16())
        return ContentLightLevelBox(level: ContentLightLevel(maxCLL: cll, maxFALL: fall, source: .container))
    }
}
