import Foundation

/// A first argument that is neither a file nor a subcommand but one edit or two away from a
/// subcommand's name (`hdrprobe prob F`, `hdrprobe simualte F`): said as an unknown command with
/// the nearest name, instead of being probed as a missing file. A real file of that name wins.
struct MistypedCommand {
    let word: String
    let suggestion: String

    var message: String { "Error: unknown command '\(word)' — did you mean '\(suggestion)'?\nSee 'hdrprobe --help' for the commands." }

    init?(arguments: [String], commands: Set<String>) {
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first),
              !first.contains("/"), !first.contains("."), first.count >= 3,
              !FileManager.default.fileExists(atPath: first) else { return nil }
        let ranked = commands.filter { $0 != "worker" }.map { ($0, Self.distance(first.lowercased(), $0)) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let best = ranked.first, best.1 <= (first.count <= 4 ? 1 : 2) else { return nil }
        word = first
        suggestion = best.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
    /// of adjacent characters each cost one (`simualte` → `simulate` is one).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
