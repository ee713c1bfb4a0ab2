import HDRProbeModel

/// What one simulation carries from rule step to rule step (``PlaybackSimulator``): the input and
/// the target's device and display, the outcome being filled in, the reasons in the order the
/// rules give them and the uncertain catalogue cells relied on.
package struct PlaybackSimulation {
    package let input: PlaybackInput
    package let target: PlaybackTarget
    package let device: PlayerDevice
    package let player: PlaybackPlayer
    package let display: DisplayProfile
    package var outcome: PlaybackOutcome
    /// The Dolby Vision profile the player routes the stream as: the input's, or what its RPU
    /// says when the player believes the RPU over the record (``DolbyVisionRoute``).
    package var dolbyVision: DolbyVisionProfile?
    package var reasons: [String] = []
    /// Which of `reasons` explain a status other than `plays` (``PlaybackOutcome/causes``).
    package var causes: [Int] = []
    package var uncertain: [String] = []

    package init(input: PlaybackInput, target: PlaybackTarget, device: PlayerDevice, player: PlaybackPlayer, display: DisplayProfile) {
        self.input = input
        self.target = target
        self.device = device
        self.player = player
        self.display = display
        dolbyVision = input.dolbyVision
        outcome = PlaybackOutcome(target: target.id, device: device.id, player: player.id, display: display.id, decode: .hardware,
                                  pipeline: .native, sampleEntry: nil, supplementalCodecs: nil, output: nil, criteria: nil,
                                  conversion: nil, status: .plays, outcome: "", reasons: [], uncertain: [])
    }

    /// The content's frame rate (30 when unknown).
    package var fps: Double { input.framesPerSecond ?? 30 }

    /// Records a device capability the result relies on when the catalogue marks it uncertain.
    package mutating func rely<T>(_ cap: Capability<T>, _ what: String) {
        if cap.uncertain { uncertain.append("\(device.name): \(what) (\(cap.source))") }
    }

    /// Records a player capability the result relies on when the catalogue marks it uncertain.
    package mutating func relyPlayer<T>(_ cap: Capability<T>, _ what: String) {
        if cap.uncertain { uncertain.append("\(player.name): \(what) (\(cap.source))") }
    }

    /// Records a display capability the result relies on when the catalogue marks it uncertain.
    package mutating func relyDisplay<T>(_ cap: Capability<T>, _ what: String) {
        if cap.uncertain { uncertain.append("\(display.name): \(what) (\(cap.source))") }
    }

    /// A reason; `cause` when it explains a status other than `plays` (the others say what
    /// happens at no cost).
    package mutating func because(_ reason: String, cause: Bool = true) {
        if cause { causes.append(reasons.count) }
        reasons.append(reason)
    }

    /// Ends the simulation: the stream does not play (`line` is the outcome's one line).
    package func fail(_ line: String) -> PlaybackStop {
        var outcome = outcome
        outcome.status = .fails
        outcome.outcome = line
        outcome.reasons = reasons
        outcome.causes = causes
        outcome.uncertain = uncertain
        return PlaybackStop(outcome: outcome)
    }
}

/// A rule step that ends the simulation early with a failed outcome.
package struct PlaybackStop: Error {
    package var outcome: PlaybackOutcome
}
