/// One descriptor element of a planned AdaptationSet, as the JSON report and the XML fragment write it
/// (`docs/rules/dash-signalling.md` §3): `EssentialProperty` / `SupplementalProperty` with a scheme and value, or a
/// `ContentProtection` (with `cenc:default_KID` for the mp4protection one).
package struct DASHDescriptor: Sendable, Equatable, Codable {
    /// The element name, in the order ISO/IEC 23009-1's `RepresentationBaseType` wants them.
    package enum Element: String, Sendable, Codable, CaseIterable {
        case contentProtection = "ContentProtection"
        case essentialProperty = "EssentialProperty"
        case supplementalProperty = "SupplementalProperty"
    }

    package var element: Element
    package var schemeIdUri: String
    @NullEncoded package var value: String?
    /// `cenc:default_KID` (ContentProtection mp4protection only).
    @NullEncoded package var defaultKID: String?

    package init(_ element: Element, _ schemeIdUri: String, value: String?, defaultKID: String? = nil) {
        self.element = element
        self.schemeIdUri = schemeIdUri
        self.value = value
        self.defaultKID = defaultKID
    }

    package static let colourPrimariesScheme = "urn:mpeg:mpegB:cicp:ColourPrimaries"
    package static let transferCharacteristicsScheme = "urn:mpeg:mpegB:cicp:TransferCharacteristics"
    package static let matrixCoefficientsScheme = "urn:mpeg:mpegB:cicp:MatrixCoefficients"
}

extension DASHRepresentationPlan {
    /// The plan's descriptors: content protection, then the colour code points (primaries, transfer, matrix), then
    /// the dynamic-metadata descriptor; grouped by element in schema order.
    package var descriptors: [DASHDescriptor] {
        var list: [DASHDescriptor] = []
        if let cp = contentProtection {
            list.append(DASHDescriptor(.contentProtection, DASHContentProtection.mp4ProtectionScheme,
                                       value: cp.scheme, defaultKID: cp.defaultKID))
            list += cp.systemIDs.map { DASHDescriptor(.contentProtection, DASHContentProtection.systemScheme($0), value: nil) }
        }
        if let p = colour.primaries {
            list.append(DASHDescriptor(.supplementalProperty, DASHDescriptor.colourPrimariesScheme, value: String(p)))
        }
        if let t = colour.transfer {
            let element: DASHDescriptor.Element = colour.transferPlacement == .essential ? .essentialProperty : .supplementalProperty
            list.append(DASHDescriptor(element, DASHDescriptor.transferCharacteristicsScheme, value: String(t)))
        }
        if let m = colour.matrix {
            list.append(DASHDescriptor(.supplementalProperty, DASHDescriptor.matrixCoefficientsScheme, value: String(m)))
        }
        list += dynamicMetadata.map { DASHDescriptor(.supplementalProperty, DASHDynamicMetadata.schemeIdUri, value: $0.rawValue) }
        return DASHDescriptor.Element.allCases.flatMap { element in list.filter { $0.element == element } }
    }
}
