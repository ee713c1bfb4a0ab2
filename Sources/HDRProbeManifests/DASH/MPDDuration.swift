/// `xs:duration` (XML Schema Part 2 §3.2.6) as the MPD uses it for `@mediaPresentationDuration`,
/// `Period@start`, `@duration`, `@minBufferTime`: `-?P(nY)?(nM)?(nD)?(T(nH)?(nM)?(n(.n)?S)?)?`.
/// A year counts 365 days and a month 30 days (the schema leaves them calendar-dependent; MPDs
/// use `PT…` in practice).
package enum MPDDuration {
    package static func seconds(_ text: String) -> Double? {
        var s = Substring(text.trimmedXMLSpace)
        var sign = 1.0
        if s.first == "-" { sign = -1; s.removeFirst() }
        guard s.first == "P" else { return nil }
        s.removeFirst()
        var total = 0.0
        var inTime = false
        var number = ""
        var sawField = false
        var lastRank = -1
        let dateUnits: [Character: (Int, Double)] = ["Y": (0, 365 * 86_400), "M": (1, 30 * 86_400), "D": (2, 86_400)]
        let timeUnits: [Character: (Int, Double)] = ["H": (4, 3_600), "M": (5, 60), "S": (6, 1)]
        for c in s {
            if c == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
                lastRank = max(lastRank, 3)
                continue
            }
            if c.isASCII && (c.isNumber || c == ".") { number.append(c); continue }
            guard let (rank, factor) = (inTime ? timeUnits : dateUnits)[c], rank > lastRank,
                  !number.isEmpty, let value = Double(number), value.isFinite,
                  c == "S" || !number.contains(".") else { return nil }
            total += value * factor
            number = ""
            sawField = true
            lastRank = rank
        }
        guard number.isEmpty, sawField, !(inTime && lastRank == 3) else { return nil }
        return sign * total
    }
}
