/// What to do about each code, as data: the "what to do" column of `docs/findings.md` (the
/// "meaning" column for Dolby Vision verdict codes), so `hdrprobe check` can print the fix next to
/// each finding. A test keeps this table and the catalogue identical; change both together.
/// HLS signalling codes (`hls.*` from the signalling step) have no fix column yet and no entry here.
public enum FindingRemedy {
    /// The fix for a finding, error, check/diff or verdict code; nil when the catalogue has none.
    public static func fix(for code: String) -> String? {
        findings[code] ?? errors[code] ?? checks[code] ?? verdicts[code]
    }

    /// Findings (`findings[]`): the "what to do" column.
    public static let findings: [String: String] = [
        "dv.rpuWithoutConfiguration":
            "Remux with a tool that writes the record: mkvmerge (writes it by itself from the RPUs), or `ffmpeg -c copy -strict unofficial` for MP4.",
        "dv.configurationWithoutRpu":
            "Restore the RPUs (`dovi_tool inject-rpu`) or drop the record so players do not try Dolby Vision.",
        "dv.enhancementLayerMismatch":
            "Usually harmless for playback of the base layer; when converting P7 to 8.1, also drop the EL and rewrite the record.",
        "dv.compatibilityTransferMismatch":
            "Rewrite the record with the real compatibility of the base layer (1 for PQ, 4 for HLG).",
        "dv.levelTooLow":
            "Rewrite `dv_level` (e.g. `dovi_tool` / mp4box / mkvmerge options) to the level the stream needs.",
        "dv.profile5WithoutColour":
            "Remux with `colr nclx 9/16/9` (ffmpeg `-color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc`).",
        "color.containerBitstreamMismatch":
            "Fix whichever is wrong: remux with the right container colour flags, or re-encode with the right VUI.",
        "hdr10.containerBitstreamMismatch":
            "Make them agree; the stream's SEI is usually what the encoder measured.",
        "hdr10plus.withoutStaticMetadata":
            "Encode with mastering display and MaxCLL/MaxFALL (x265 `--master-display --max-cll`).",
        "hdr10plus.invalidPayload":
            "Regenerate the HDR10+ metadata (hdr10plus_tool) and re-inject it.",
        "encryption.sampleDataNotRead":
            "Probe the clear source, or package with a tool that writes a per-NAL subsample map (Shaka Packager, Bento4).",
        "encryption.metadataEncrypted":
            "Re-package with a packager that leaves non-VCL NAL units clear (Shaka Packager, Bento4, Apple's tools).",
        "hls.parameterSetsInBandOnly":
            "Remux so the hvcC/avcC carries VPS/SPS/PPS, or use `hev1` only for non-Apple targets.",
        "hls.seiInConfigurationRecord":
            "Remux keeping only the VPS/SPS/PPS arrays (e.g. extract the stream and remux, or strip the SEI with a bitstream filter).",
        "dv.profileMismatch":
            "Convert the RPUs to the signalled profile (`dovi_tool -m 2 convert`) or fix the record.",
        "dv.refused":
            "See the verdict code below.",
        "dv.configurationIrregular":
            "Usually harmless; rewrite the record with a current muxer if players misbehave.",
        "dv.rpuInvalid":
            "Re-extract / re-inject the RPUs from a good source with dovi_tool.",
        "dv.recordSourcesDisagree":
            "Report it: one of the two readers is wrong about this file.",
        "hdr10.missingMasteringDisplay":
            "Add ST 2086 metadata at encode time (x265 `--master-display`) or at mux time (mkvmerge `--chromaticity-coordinates … --max-luminance …`).",
        "hdr10.missingContentLightLevel":
            "Add them (x265 `--max-cll`, mkvmerge `--max-content-light --max-frame-light`).",
        "hls.sampleEntryInBand":
            "Remux with `-tag:v hvc1` (ffmpeg) so parameter sets move out of band.",
        "frameRate.nonStandard":
            "Displays cannot match it; re-time or convert to a standard rate if refresh-rate matching matters.",
        "frameRate.variable":
            "Convert to constant frame rate before packaging for HLS or Match Frame Rate.",
        "container.truncated":
            "Re-copy or re-download the file.",
        "container.malformed":
            "The file was damaged or written by a broken muxer; remux it.",
        "scan.incomplete":
            "Raise `--timeout`, or check the storage if it is that slow.",
    ]

    /// Error codes (`error.code`): the "what to do" column.
    public static let errors: [String: String] = [
        "io.notFound":
            "Check the path; in a scan, the file was moved or deleted while hdrprobe ran.",
        "io.isDirectory":
            "Give the media files in it, or scan the folder with `hdrprobe scan`.",
        "io.permissionDenied":
            "Let the user running hdrprobe read it (`chmod a+r`, group membership), or run hdrprobe as its owner.",
        "io.empty":
            "Re-copy the file: an empty media file is a failed copy or download.",
        "io.readFailed":
            "Check the storage (I/O errors in the kernel log) and that the path is a regular file.",
        "container.unrecognized":
            "Replace it with the real media file, or rename it to what it is.",
        "container.truncated":
            "Re-copy or re-download the file.",
        "container.malformed":
            "Remux it (ffmpeg `-c copy`, mkvmerge); if that fails the file is damaged, fetch it again.",
        "container.mediaSegmentWithoutInit":
            "Probe the init segment, or the init and the segment joined (`cat init.mp4 seg.m4s > joined.mp4`); the HLS `#EXT-X-MAP` / DASH `@initialization` names the init.",
        "container.noStreams":
            "Remux from the source: there is no audio or video to check.",
        "probe.timeout":
            "Raise `--timeout`, or check the storage if it is that slow.",
        "probe.demuxFailed":
            "Remux the file and probe it again; report the file if it plays fine elsewhere.",
        "probe.crashed":
            "Report the file to the hdrprobe developers; the rest of the scan is complete.",
    ]

    /// Check and diff codes (`hdrprobe check`): the "what to do" column.
    public static let checks: [String: String] = [
        "policy.formatForbidden":
            "Re-encode or remux the file to an allowed format, or change the policy.",
        "policy.requirementNotMet":
            "Follow the reasons `hdrprobe simulate FILE --target T` gives (remux, re-encode, or signal the playlist differently), or change the requirement.",
        "policy.formatNotAllowed":
            "Re-encode or remux the file to an allowed format, or add the format to `formats.allow`.",
        "diff.added":
            "Nothing, if the file was meant to be added.",
        "diff.removed":
            "Restore it if it was removed by mistake.",
        "diff.lostDolbyVision":
            "Find the step that dropped it (a remux without `-strict unofficial`, a re-encode, a muxer that strips the record) and redo it from the old file.",
        "diff.verdictRegressed":
            "Compare the two reports' `dolbyVision` objects; fix the record or the RPUs, or revert the policy change.",
        "diff.verdictChanged":
            "Check that the change was intended.",
        "diff.newError":
            "See the error code's line above.",
        "diff.errorFixed":
            "Nothing.",
        "diff.rangeTypeChanged":
            "Check that the change was intended.",
        "diff.findingAdded":
            "See that finding's line above.",
    ]

    /// Dolby Vision verdict codes: the "meaning" column, which says what to do.
    public static let verdicts: [String: String] = [
        "dv.accepted":
            "Profile 5, 8.1, 8.4, 10.0, 10.1 or 10.4.",
        "dv.dualLayer":
            "Profile 7 (UHD Blu-ray, BL+EL) or 4: no Apple decoder; the HDR10 (P7) or SDR (P4) base plays. Convert P7 to 8.1 with dovi_tool.",
        "dv.sdrBase":
            "8.2 / 10.2: SDR base layer, no Apple playback route; the SDR base plays.",
        "dv.refusedByPolicy":
            "The active policy (`--policy`) refuses a profile the default policy accepts; the fallback named in the verdict plays. Change the policy or serve the fallback variant.",
        "dv.levelAboveCap":
            "The record's `dv_level` is above the cap the policy sets for this profile (`apple-hls`: Profile 5 ≤ level 7, Profile 10 ≤ level 9, Apple HLS rules 1.9/1.9a). Re-encode within the cap or serve a fallback variant.",
        "dv.invalidLevel":
            "`dv_level` is 0 or above 13 (levels are 1–13) and the policy requires a valid level (`apple-hls`). Rewrite the record with the level for the resolution and frame rate (dolby-vision.md §4).",
        "dv.invalidCompatibility":
            "Profile 8/10 with a compatibility id outside the specification (e.g. \"8.6\"); the base plays according to its transfer. Rewrite the record.",
        "dv.unsupportedProfile":
            "Profile 9 (AVC), 20 (MV-HEVC, visionOS only), a profile not defined for the codec, or an RPU whose profile cannot be determined.",
        "dv.metadataOnly":
            "A Dolby Vision RPU file (dovi_tool `extract-rpu` output, `container.format` `dolbyVisionRpu`): RPUs without the video they describe, so nothing plays it on its own and no fallback exists. The profile is the RPU header's (`5`, `7`, `8`, `4`; a profile 8 RPU becomes 8.1, 8.2 or 8.4 by the base layer it is injected into). Inject it into its base layer (`dovi_tool inject-rpu`) and probe the result.",
    ]
}
