/// The catalogue rows of the Dolby Vision verdict codes (`docs/findings.md`, "Dolby Vision verdict codes").
extension FindingCode {
    package static let verdictEntries: [Entry] = [
        .verdict(.accepted, decision: "accept",
                 meaning: "Profile 5, 8.1, 8.4, 10.0, 10.1 or 10.4."),
        .verdict(.dualLayer, decision: "refuse",
                 meaning: "Profile 7 (UHD Blu-ray, BL+EL) or 4: no Apple decoder; the HDR10 (P7) or SDR (P4) base plays. Convert P7 to 8.1 with dovi_tool."),
        .verdict(.sdrBase, decision: "refuse",
                 meaning: "8.2 / 10.2: SDR base layer, no Apple playback route; the SDR base plays."),
        .verdict(.refusedByPolicy, decision: "refuse",
                 meaning: "The active policy (`--policy`) refuses a profile the default policy accepts; the fallback named in the verdict plays. Change the policy or serve the fallback variant."),
        .verdict(.levelAboveCap, decision: "refuse",
                 meaning: "The record's `dv_level` is above the cap the policy sets for this profile (`apple-hls`: Profile 5 ≤ level 7, Profile 10 ≤ level 9, Apple HLS rules 1.9/1.9a). Re-encode within the cap or serve a fallback variant."),
        .verdict(.invalidLevel, decision: "refuse",
                 meaning: "`dv_level` is 0 or above 13 (levels are 1–13) and the policy requires a valid level (`apple-hls`). Rewrite the record with the level for the resolution and frame rate (dolby-vision.md §4)."),
        .verdict(.invalidCompatibility, decision: "refuse",
                 meaning: "Profile 8/10 with a compatibility id outside the specification (e.g. \"8.6\"); the base plays according to its transfer. Rewrite the record."),
        .verdict(.unsupportedProfile, decision: "refuse",
                 meaning: "Profile 9 (AVC), 20 (MV-HEVC, visionOS only), a profile not defined for the codec, or an RPU whose profile cannot be determined."),
        .verdict(.metadataOnly, decision: "refuse",
                 meaning: "A Dolby Vision RPU file (dovi_tool `extract-rpu` output, `container.format` `dolbyVisionRpu`): RPUs without the video they describe, so nothing plays it on its own and no fallback exists. The profile is the RPU header's (`5`, `7`, `8`, `4`; a profile 8 RPU becomes 8.1, 8.2 or 8.4 by the base layer it is injected into). Inject it into its base layer (`dovi_tool inject-rpu`) and probe the result."),
    ]
}
