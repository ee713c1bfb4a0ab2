import Testing
@testable import HDRProbeConfig
@testable import HDRProbeCheck

/// The sentences the CLI prints after `--policy ` / `--targets ` for each ``ConfigFileFailure``
/// (the loaders' wording before the failures were typed; tests elsewhere compare values).
@Suite struct ConfigFileFailureTextTests {
    @Test func sentences() {
        let error = ConfigError(line: 2, path: "dolbyVision.maxLevel.5", message: "from 1 to 13")
        let cases: [(ConfigFileFailure, String)] = [
            (.policyNotFound(path: "p.yaml"), "p.yaml: no such policy — give a built-in policy (default, apple-hls) or a YAML file"),
            (.policyIsDirectory(path: "d"), "d: is a directory, not a policy file"),
            (.policyUnreadable(path: "p.yaml"), "p.yaml: cannot be read (permission denied?)"),
            (.policyTooLarge(path: "p.yaml"), "p.yaml: larger than 1048576 bytes; not a policy file"),
            (.policyNotUTF8(path: "p.yaml"), "p.yaml: not UTF-8 text"),
            (.builtInCatalogueMissing(lookedIn: ["/a/devices.yaml", "/b/devices.yaml", "/c/devices.yaml"]),
             "the built-in device catalogue is missing (looked in /a/devices.yaml, /b/devices.yaml)"),
            (.catalogueNotFound(path: "t.yaml"), "t.yaml: no such file"),
            (.catalogueTooLarge(path: "t.yaml"), "t.yaml: larger than 1048576 bytes"),
            (.catalogueNotUTF8(path: "t.yaml"), "t.yaml: cannot be read as UTF-8 text"),
            (.invalid(path: "p.yaml", error), "p.yaml: line 2, dolbyVision.maxLevel.5: from 1 to 13"),
        ]
        for (failure, sentence) in cases { #expect(failure.description == sentence) }
    }

}
