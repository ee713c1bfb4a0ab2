import HDRProbeCheck

// The policy YAML loader (Yams + ConfigNode + PolicyDocument): any text gives a policy or a
// ConfigError, never a crash.
func fuzzTarget(_ data: [UInt8]) {
    let text = String(decoding: data, as: UTF8.self)
    do {
        consume(try PolicyDocument.parse(text, defaultName: "fuzz"))
    } catch {
        consume(error.description)
    }
}
