/// FFmpeg's names for ITU-T H.273 code points (`libavutil/pixdesc.c` name tables, as ffprobe prints
/// `color_primaries`, `color_transfer`, `color_space`), so that hdrprobe's `color.*` match what
/// ffprobe users know. Unspecified (2), reserved and unknown values map to nil.
package enum H273Names {
    package static func primaries(_ code: Int?) -> String? {
        guard let code else { return nil }
        return [1: "bt709", 4: "bt470m", 5: "bt470bg", 6: "smpte170m", 7: "smpte240m", 8: "film", 9: "bt2020",
                10: "smpte428", 11: "smpte431", 12: "smpte432", 22: "ebu3213"][code]
    }

    package static func transfer(_ code: Int?) -> String? {
        guard let code else { return nil }
        return [1: "bt709", 4: "bt470m", 5: "bt470bg", 6: "smpte170m", 7: "smpte240m", 8: "linear", 9: "log100",
                10: "log316", 11: "iec61966-2-4", 12: "bt1361e", 13: "iec61966-2-1", 14: "bt2020-10",
                15: "bt2020-12", 16: "smpte2084", 17: "smpte428", 18: "arib-std-b67"][code]
    }

    package static func matrix(_ code: Int?) -> String? {
        guard let code else { return nil }
        return [0: "gbr", 1: "bt709", 4: "fcc", 5: "bt470bg", 6: "smpte170m", 7: "smpte240m", 8: "ycgco",
                9: "bt2020nc", 10: "bt2020c", 11: "smpte2085", 12: "chroma-derived-nc", 13: "chroma-derived-c",
                14: "ictcp", 15: "ipt-c2"][code]
    }

    package static func range(fullRange: Bool?) -> String? {
        guard let fullRange else { return nil }
        return fullRange ? "pc" : "tv"
    }

    /// H.273 transfer code points that mean PQ and HLG.
    package static let pq = 16
    package static let hlg = 18
}
