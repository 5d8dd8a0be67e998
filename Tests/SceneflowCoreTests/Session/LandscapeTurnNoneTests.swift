import Testing

@testable import SceneflowCore

/// A landscape sequence declared with `turn = "none"`: turning the device into it and upright
/// from any of its scenes cuts (no rotation frames, settled at once), and the timeline records
/// the turn as a cut; other sequences still rotate over 0.3 s.
@Suite struct LandscapeTurnNoneTests {
    static func session(turn: LandscapeTurn, length: Int = 2) -> Session {
        var prototype = LandscapeSequenceTests.prototype(length: length, step: .push)
        prototype.scenes["stocks"]?.design.landscapeTurn = turn
        let s = Session(prototype: prototype)
        LandscapeSequenceTests.tap(s, 100, 50)  // Stocks
        #expect(s.currentScene == "stocks")
        return s
    }

    static func turns(_ s: Session) -> [String] {
        s.timeline.events.compactMap { if case .turn = $0.kind { $0.description } else { nil } }
    }

    @Test(arguments: [1, 2, 3])
    func turningIntoAndOutOfTheSequenceCuts(_ length: Int) {
        let s = Self.session(turn: .none, length: length)
        #expect(s.rotate(to: .landscape))
        #expect(s.turnProgress == nil && s.isSettled, "no rotation to wait for")
        #expect(s.currentScene == "chart_1")
        #expect(s.frame().turn == nil, "the turned screen at once")
        if length > 1 {
            LandscapeSequenceTests.tap(s, 750, 50)  // Next
            LandscapeSequenceTests.run(s, for: 0.5)
            #expect(s.currentScene == "chart_2")
        }
        #expect(s.rotate(to: .portrait))
        #expect(s.turnProgress == nil && s.isSettled && s.currentScene == "stocks")
        let turns = Self.turns(s)
        #expect(
            turns.count == 2
                && turns.allSatisfy { $0.contains("cut (the landscape sequence declares turn = \"none\")") }, "\(turns)"
        )
    }

    @Test func theDefaultStillRotates() {
        let s = Self.session(turn: .rotation)
        #expect(s.rotate(to: .landscape))
        #expect(s.turnProgress != nil && !s.isSettled)
        #expect(Self.turns(s).first?.contains("drawn as a 0.3s rotation") == true, "\(Self.turns(s))")
    }
}
