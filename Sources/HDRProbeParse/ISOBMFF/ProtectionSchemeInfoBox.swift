import HDRProbeBytes

/// The protection scheme information of an encrypted sample entry (`encv`/`enca`): ISO/IEC 14496-12
/// §8.12 `sinf` with `frma` (original_format, the four-cc the entry had before encryption), `schm`
/// (scheme_type `cenc`/`cbc1`/`cens`/`cbcs`, scheme_version) and `schi/tenc` (ISO/IEC 23001-7 §8.2:
/// default_isProtected, default_Per_Sample_IV_Size, default_KID, and for the pattern schemes the
/// crypt/skip byte blocks). Layout summary: `docs/report-contract.md` ("encryption").
/// Everything in it is clear; only sample data is encrypted.
package struct ProtectionSchemeInfoBox: Sendable, Equatable {
    package var originalFormat: String?
    package var schemeType: String?
    package var schemeVersion: UInt32?
    package var defaultIsProtected: Bool?
    package var defaultPerSampleIVSize: Int?
    /// default_KID as 32 lower-case hex digits.
    package var defaultKID: String?
    /// `tenc` version 1: crypt_byte_block / skip_byte_block (pattern encryption, `cens`/`cbcs`).
    package var cryptByteBlock: Int?
    package var skipByteBlock: Int?
    /// default_constant_IV_size: present when the track is protected with a per-sample IV size of 0
    /// (a constant IV for every sample, the `cbcs` way); nil when absent or cut short.
    package var defaultConstantIVSize: Int?

    /// `bytes[range]` is the payload of `sinf` (its children).
    package static func parse(_ bytes: [UInt8], range: Range<Int>) -> ProtectionSchemeInfoBox {
        var info = ProtectionSchemeInfoBox()
        for child in ISOBoxWalker.walk(bytes, range: range).boxes {
            switch child.type {
            case "frma" where child.payload.count >= 4:
                info.originalFormat = FourCC.string(bytes[child.payload.prefix(4)])
            case "schm":
                var r = ByteReader(bytes, offset: child.payload.lowerBound, end: child.payload.upperBound)
                if (try? r.skip(4)) != nil, let type = try? r.fourCC() {
                    info.schemeType = type
                    info.schemeVersion = try? r.u32()
                }
            case "schi":
                if let tenc = ISOBoxWalker.first("tenc", in: bytes, range: child.payload) {
                    info.readTrackEncryption(bytes, payload: tenc.payload)
                }
            default:
                break
            }
        }
        return info
    }

    /// `tenc` (ISO/IEC 23001-7 §8.2.2): version u8, flags u24, reserved u8, then version 0: reserved u8,
    /// version ≥ 1: crypt_byte_block u4 + skip_byte_block u4; default_isProtected u8,
    /// default_Per_Sample_IV_Size u8, default_KID 16 bytes; when protected with an IV size of 0,
    /// default_constant_IV_size u8 and that many bytes of default_constant_IV.
    private mutating func readTrackEncryption(_ bytes: [UInt8], payload: Range<Int>) {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let version = try? r.u8(), (try? r.skip(4)) != nil, let pattern = try? r.u8(),
              let isProtected = try? r.u8(), let ivSize = try? r.u8(), let kid = try? r.take(16) else { return }
        if version >= 1 {
            cryptByteBlock = Int(pattern >> 4)
            skipByteBlock = Int(pattern & 0x0F)
        }
        defaultIsProtected = isProtected != 0
        defaultPerSampleIVSize = Int(ivSize)
        defaultKID = kid.map { CodecStringFormatting.hex($0, width: 2, uppercase: false) }.joined()
        if isProtected != 0, ivSize == 0, let size = try? r.u8(), (try? r.skip(Int(size))) != nil {
            defaultConstantIVSize = Int(size)
        }
    }
}

/// `pssh` (ISO/IEC 23001-7 §8.1): version u8, flags u24, SystemID 16 bytes, … The DRM system is
/// named by its SystemID; `docs/report-contract.md` lists the names hdrprobe knows.
package enum ProtectionSystemSpecificHeaderBox {
    /// The SystemID of a `pssh` payload as a lower-case UUID string, nil when too short.
    package static func systemID(_ bytes: [UInt8], payload: Range<Int>) -> String? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard (try? r.skip(4)) != nil, let id = try? r.take(16) else { return nil }
        let hex = id.map { CodecStringFormatting.hex($0, width: 2, uppercase: false) }.joined()
        return uuidString(hex: hex)
    }

    /// 32 hex digits in the 8-4-4-4-12 UUID form.
    package static func uuidString(hex: String) -> String {
        let c = Array(hex)
        guard c.count == 32 else { return hex }
        return [c[0..<8], c[8..<12], c[12..<16], c[16..<20], c[20..<32]].map { String($0) }.joined(separator: "-")
    }

    /// DRM system names by SystemID (DASH-IF's registry of content protection system IDs).
    package static let knownSystems: [String: String] = [
        "edef8ba9-79d6-4ace-a3c8-27dcd51d21ed": "Widevine",
        "9a04f079-9840-4286-ab92-e65be0885f95": "PlayReady",
        "94ce86fb-07ff-4f43-adb8-93d2fa968ca2": "FairPlay",
        "1077efec-c0b2-4d02-ace3-3c1e52e2fb4b": "W3C Common",
        "5e629af5-38da-4063-8977-97ffbd9902d4": "Marlin",
        "f239e769-efa3-4850-9c16-a903c6932efb": "Adobe Primetime",
    ]

    /// The name of a system, or its UUID when hdrprobe does not know it.
    package static func name(systemID: String) -> String { knownSystems[systemID] ?? systemID }
}
