/// The ISO BMFF box a Dolby Vision decoder configuration record is stored in
/// (`docs/rules/dolby-vision.md` §5.1: `dvcC` for profiles up to 7, `dvvC` for 8–10, `dvwC` above;
/// `docs/rules/apple-playback.md` §2.5: movenc writes the same choice). The raw value is the fourcc.
package enum DolbyVisionConfigurationBox: String, Sendable, Equatable, Codable, CaseIterable {
    case dvcC, dvvC, dvwC

    /// movenc's box for a profile (§2.5): `dvwC` above 10, `dvvC` above 7, else `dvcC`.
    package init(profile: Int) {
        self = profile > 10 ? .dvwC : profile > 7 ? .dvvC : .dvcC
    }
}
