import HDRProbeBytes

/// Content light level information SEI message, payloadType 144: ITU-T H.265 §D.2.35 (syntax),
/// §D.3.35 (semantics); CTA-861.3 MaxCLL / MaxFALL in cd/m².
///
/// ```
/// max_content_light_level u(16); max_pic_average_light_level u(16)
/// ```
package struct ContentLightLevelInfoSEI: Sendable, Equatable {
    package static let payloadType = 144

    package let maxContentLightLevel: UInt16
    package let maxPicAverageLightLevel: UInt16

    package init(maxContentLightLevel: UInt16, maxPicAverageLightLevel: UInt16) {
        self.maxContentLightLevel = maxContentLightLevel
        self.maxPicAverageLightLevel = maxPicAverageLightLevel
    }

    package static func parse(_ payload: [UInt8]) throws -> ContentLightLevelInfoSEI {
        guard payload.count >= 4 else { throw BitstreamError.tooShort(needed: 4, got: payload.count) }
        var r = ByteReader(payload)
        return ContentLightLevelInfoSEI(maxContentLightLevel: try r.u16(), maxPicAverageLightLevel: try r.u16())
    }

    package func report(source: MetadataSource = .bitstream) -> ContentLightLevel {
        ContentLightLevel(maxCLL: Int(maxContentLightLevel), maxFALL: Int(maxPicAverageLightLevel), source: source)
    }
}
