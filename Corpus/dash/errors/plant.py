#!/usr/bin/env python3
"""Plants one known error in copies of packager-written MPDs (Corpus/dash/<folder>/manifest.mpd, untouched) for
`hdrprobe dash --check`. Each copy lives here and reaches the original media through a BaseURL inserted on the Period's
line (no line moves), so the media is not duplicated. Each recipe is a list of exact text edits (each must match once)
and the codes it plants with the line they belong to, found by a marker string in the edited text. The planted codes
and lines are written to expected.json; the rules behind them are docs/rules/dash-manifests.md §3.

    python3 Corpus/dash/errors/plant.py
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DASH = os.path.dirname(HERE)
SCTE = 'xmlns:scte214="urn:scte:dash:scte214-extensions" '
CENC = 'xmlns:cenc="urn:mpeg:cenc:2013" '
CP_LINE = ('<ContentProtection value="cenc" schemeIdUri="urn:mpeg:dash:mp4protection:2011" '
           'cenc:default_KID="00112233-4455-6677-8899-aabbccddeeff"/>')

# name: (source folder, [(old, new)], [(code, marker whose line the finding names)], what is planted)
RECIPES = {
    "bandwidth_zero": ("shaka_hdr10", [('bandwidth="177525"', 'bandwidth="0"')],
                       [("dash.check.bandwidthInvalid", '<Representation id="0"')], "@bandwidth=\"0\""),
    "framerate_zero_denominator": ("shaka_hdr10", [('frameRate="16000/640"', 'frameRate="25/0"')],
                                   [("dash.check.frameRateInvalid", "<AdaptationSet")], "@frameRate with a zero denominator"),
    "framerate_wrong": ("shaka_hdr10", [('frameRate="16000/640"', 'frameRate="30000/1001"')],
                        [("dash.check.frameRateMismatch", "<AdaptationSet")], "@frameRate 29.97 over 25 fps media"),
    "codecs_wrong_level": ("shaka_hdr10", [('codecs="hvc1.2.4.L30.90"', 'codecs="hvc1.2.4.L153.90"')],
                           [("dash.check.codecsMismatch", '<Representation id="0"')], "@codecs level 5.1 over a level 1 record"),
    "codecs_missing": ("shaka_hdr10", [(' codecs="hvc1.2.4.L30.90"', '')],
                       [("dash.check.codecsMissing", '<Representation id="0"')], "no @codecs"),
    "p5_as_hevc": ("shaka_dv_p5", [('codecs="dvh1.05.01"', 'codecs="hvc1.2.4.L30.90"')],
                   [("dash.check.dolbyVisionAsPlainCodec", '<Representation id="0"')], "profile 5 advertised as plain HEVC"),
    "dvh1_over_hvc1": ("shaka_dv_p81",
                       [('codecs="hvc1.2.4.L63.90"', 'codecs="dvh1.08.01"'),
                        (' scte214:supplementalCodecs="dvh1.08.01" scte214:supplementalProfiles="db1p"', '')],
                       [("dash.check.sampleEntryMismatch", '<Representation id="0"')], "a dvh1 @codecs over the hvc1 sample entry"),
    "supplemental_profiles_missing": ("shaka_dv_p81", [(' scte214:supplementalProfiles="db1p"', '')],
                                      [("dash.check.supplementalProfilesMissing", '<Representation id="0"')],
                                      "scte214:supplementalCodecs without supplementalProfiles"),
    "supplemental_profiles_wrong": ("shaka_dv_p81", [('scte214:supplementalProfiles="db1p"', 'scte214:supplementalProfiles="db4h"')],
                                    [("dash.check.supplementalProfilesMismatch", '<Representation id="0"')],
                                    "db4h over a compatibility id 1 (PQ) record"),
    "supplemental_codecs_wrong_profile": ("shaka_dv_p81", [('scte214:supplementalCodecs="dvh1.08.01"', 'scte214:supplementalCodecs="dvh1.05.01"')],
                                          [("dash.check.supplementalCodecsMismatch", '<Representation id="0"')],
                                          "supplementalCodecs names profile 5 over a profile 8 record"),
    "dolby_vision_not_signalled": ("shaka_dv_p81",
                                   [(' scte214:supplementalCodecs="dvh1.08.01" scte214:supplementalProfiles="db1p"', '')],
                                   [("dash.check.dolbyVisionNotSignalled", '<Representation id="0"')],
                                   "Dolby Vision 8.1 media without scte214 attributes"),
    "supplemental_not_in_media": ("shaka_hdr10",
                                  [('<MPD ', '<MPD ' + SCTE),
                                   ('codecs="hvc1.2.4.L30.90"', 'codecs="hvc1.2.4.L30.90" scte214:supplementalCodecs="dvh1.08.01" scte214:supplementalProfiles="db1p"')],
                                  [("dash.check.supplementalNotInMedia", '<Representation id="0"')],
                                  "Dolby Vision declared over HDR10 media"),
    "transfer_unspecified": ("shaka_hdr10", [('TransferCharacteristics" value="16"', 'TransferCharacteristics" value="2"')],
                             [("dash.check.colourMismatch", 'TransferCharacteristics')], "a PQ stream with TransferCharacteristics 2"),
    "primaries_wrong": ("shaka_hdr10", [('ColourPrimaries" value="9"', 'ColourPrimaries" value="1"')],
                        [("dash.check.colourMismatch", 'ColourPrimaries')], "ColourPrimaries 1 over BT.2020 media"),
    "hlg_as_pq": ("shaka_hlg", [('TransferCharacteristics" value="18"', 'TransferCharacteristics" value="16"')],
                  [("dash.check.colourMismatch", 'TransferCharacteristics')], "an HLG stream signalled as PQ"),
    "transfer_missing": ("shaka_hdr10", [('<SupplementalProperty schemeIdUri="urn:mpeg:mpegB:cicp:TransferCharacteristics" value="16"/>', '<!-- removed -->')],
                         [("dash.check.transferNotSignalled", '<AdaptationSet')], "PQ media without a transfer descriptor"),
    "resolution_wrong": ("shaka_hdr10", [('width="128" height="72"', 'width="1920" height="1080"')],
                         [("dash.check.resolutionMismatch", '<AdaptationSet')], "@width/@height 1920x1080 over 128x72"),
    "codecs_encv": ("shaka_enc_cenc_hdr10", [('codecs="hvc1.2.4.L30.90"', 'codecs="encv"')],
                    [("dash.check.codecsEncryptedEntry", '<Representation id="0"')], "@codecs names encv"),
    "protection_missing": ("shaka_enc_cenc_hdr10", [(CP_LINE, '<!-- removed -->')],
                           [("dash.check.contentProtectionMissing", '<Representation id="0"')], "no mp4protection ContentProtection"),
    "protection_wrong_kid": ("shaka_enc_cenc_hdr10", [('cenc:default_KID="00112233-4455-6677-8899-aabbccddeeff"', 'cenc:default_KID="ffeeddcc-bbaa-9988-7766-554433221100"')],
                             [("dash.check.contentProtectionMismatch", 'urn:mpeg:dash:mp4protection:2011')], "another default_KID than tenc's"),
    "protection_wrong_scheme": ("shaka_enc_cenc_hdr10", [('<ContentProtection value="cenc"', '<ContentProtection value="cbcs"')],
                                [("dash.check.contentProtectionMismatch", 'urn:mpeg:dash:mp4protection:2011')], "cbcs declared over cenc media"),
    "protection_on_clear": ("shaka_hdr10", [('<MPD ', '<MPD ' + CENC),
                                            ('<Representation id="0"', CP_LINE + '<Representation id="0"')],
                            [("dash.check.contentProtectionNotInMedia", '<Representation id="0"')], "ContentProtection over clear media"),
    "dependency_unknown": ("shaka_ladder", [('<Representation id="1"', '<Representation id="1" dependencyId="7"')],
                           [("dash.check.dependencyInvalid", '<Representation id="1"')], "@dependencyId naming no Representation"),
    "malformed": ("shaka_hdr10", [('</AdaptationSet>', '</Adaptation>')],
                  [("dash.check.manifestMalformed", '</Adaptation>')], "a closing tag that does not match"),
}


def plant(name, source, edits, expect, what):
    with open(os.path.join(DASH, source, "manifest.mpd"), encoding="utf-8") as f:
        text = f.read()
    for old, new in edits:
        if text.count(old) != 1:
            sys.exit(f"{name}: '{old}' occurs {text.count(old)} times in {source}/manifest.mpd")
        text = text.replace(old, new)
    if text.count('<Period id="0"') != 1:
        sys.exit(f"{name}: no single Period")
    end = text.index(">", text.index('<Period id="0"')) + 1
    text = text[:end] + f"<BaseURL>../{source}/</BaseURL>" + text[end:]
    lines = text.split("\n")
    findings = []
    for code, marker in expect:
        line = next((i + 1 for i, l in enumerate(lines) if marker in l), None)
        if line is None:
            sys.exit(f"{name}: marker {marker!r} not found")
        findings.append({"code": code, "line": line})
    with open(os.path.join(HERE, name + ".mpd"), "w", encoding="utf-8") as f:
        f.write(text)
    return {"source": source, "planted": what, "findings": findings}


def main():
    out = {name: plant(name, *recipe) for name, recipe in RECIPES.items()}
    with open(os.path.join(HERE, "expected.json"), "w", encoding="utf-8") as f:
        json.dump({"about": "Planted errors: each MPD is its source folder's manifest.mpd with the edits of plant.py; "
                            "findings are the codes and MPD lines the edit must produce.",
                   "manifests": out}, f, indent=2, sort_keys=True)
        f.write("\n")


main()
