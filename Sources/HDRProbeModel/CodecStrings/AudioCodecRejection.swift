/// Why an audio stream gets no token in the HLS CODECS attribute (`docs/rules/hls-signalling.md`
/// §8: "Playable" = in Apple's HLS audio lists, APPLE 2.2/2.5 and APPX). ``isoToken`` is the
/// RFC 6381 / ISO BMFF name the stream would have (`mp4a.40.34`, `Opus`), when one exists, so the
/// report can still name it.
package struct AudioCodecRejection: Error, Sendable, Equatable, Codable {
    package var codecName: String
    package var isoToken: String?
    package var reason: String

    package init(codecName: String, isoToken: String?, reason: String) {
        self.codecName = codecName
        self.isoToken = isoToken
        self.reason = reason
    }
}
