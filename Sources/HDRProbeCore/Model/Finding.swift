/// A problem found in a file: `{code, severity, message, stream}` (`docs/report-contract.md`,
/// "Finding"). Codes are stable dotted identifiers, catalogued in `docs/findings.md`.
public struct Finding: Codable, Sendable, Equatable {
    public var code: String
    public var severity: Severity
    public var message: String
    @NullEncoded public var stream: Int?

    public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
        case info, warning, error

        public static func < (a: Severity, b: Severity) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A signalling issue as a finding (codes catalogued in `docs/findings.md`, "HLS signalling").
    public init(_ issue: HLSSignalIssue, stream: Int?) {
        self.code = issue.code.rawValue
        self.severity = issue.severity
        self.message = issue.message
        self.stream = stream
    }

    public init(code: String, severity: Severity, message: String, stream: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.stream = stream
    }

    /// A report error (`io.notFound`, `container.truncated`, …) as an error-severity finding.
    public init(_ error: ReportError) {
        self.init(code: error.code, severity: .error, message: error.message)
    }

    public init(_ code: FindingCode, _ message: String, stream: Int?) {
        self.code = code.rawValue
        self.severity = code.severity
        self.message = message
        self.stream = stream
    }
}

/// Every finding code hdrprobe emits, with its default severity. The catalogue with triggers
/// and remedies is `docs/findings.md`; a test checks that every case is documented there.
public enum FindingCode: String, Sendable, CaseIterable {
    case dvRpuWithoutConfiguration = "dv.rpuWithoutConfiguration"
    case dvConfigurationWithoutRpu = "dv.configurationWithoutRpu"
    case dvProfileMismatch = "dv.profileMismatch"
    case dvRefused = "dv.refused"
    case dvConfigurationIrregular = "dv.configurationIrregular"
    case dvRpuInvalid = "dv.rpuInvalid"
    case dvRecordSourcesDisagree = "dv.recordSourcesDisagree"
    case hdr10MissingMasteringDisplay = "hdr10.missingMasteringDisplay"
    case hdr10MissingContentLightLevel = "hdr10.missingContentLightLevel"
    case hlsSampleEntryInBand = "hls.sampleEntryInBand"
    case frameRateNonStandard = "frameRate.nonStandard"
    case frameRateVariable = "frameRate.variable"
    case containerTruncated = "container.truncated"
    case containerMalformed = "container.malformed"
    case scanIncomplete = "scan.incomplete"
    case colorContainerBitstreamMismatch = "color.containerBitstreamMismatch"
    case hdr10ContainerBitstreamMismatch = "hdr10.containerBitstreamMismatch"
    case dvEnhancementLayerMismatch = "dv.enhancementLayerMismatch"
    case dvCompatibilityTransferMismatch = "dv.compatibilityTransferMismatch"
    case dvLevelTooLow = "dv.levelTooLow"
    case dvProfile5WithoutColour = "dv.profile5WithoutColour"
    case hlsParameterSetsInBandOnly = "hls.parameterSetsInBandOnly"
    case hlsSEIInConfigurationRecord = "hls.seiInConfigurationRecord"
    case hdr10PlusWithoutStaticMetadata = "hdr10plus.withoutStaticMetadata"
    case hdr10PlusInvalidPayload = "hdr10plus.invalidPayload"
    case encryptionSampleDataNotRead = "encryption.sampleDataNotRead"
    case encryptionMetadataEncrypted = "encryption.metadataEncrypted"

    public var severity: Finding.Severity {
        switch self {
        case .dvRpuWithoutConfiguration, .dvConfigurationWithoutRpu, .dvProfileMismatch, .dvRefused,
             .dvRpuInvalid, .dvRecordSourcesDisagree, .hdr10MissingMasteringDisplay, .hlsSampleEntryInBand,
             .frameRateVariable, .containerTruncated, .containerMalformed, .colorContainerBitstreamMismatch,
             .hdr10ContainerBitstreamMismatch, .dvCompatibilityTransferMismatch, .dvLevelTooLow,
             .dvProfile5WithoutColour, .hlsSEIInConfigurationRecord, .hdr10PlusWithoutStaticMetadata,
             .hdr10PlusInvalidPayload, .encryptionMetadataEncrypted:
            return .warning
        case .hlsParameterSetsInBandOnly:
            return .error
        case .dvConfigurationIrregular, .hdr10MissingContentLightLevel, .frameRateNonStandard, .scanIncomplete,
             .dvEnhancementLayerMismatch, .encryptionSampleDataNotRead:
            return .info
        }
    }
}
