import Foundation
import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Replays the layout fuzzer's kept findings (Tests/Fuzz/Regressions/layout-*) byte for byte, decoded by the same
/// ``FuzzCase`` as the fuzzer, under the fuzz target's checks: settings refused exactly when invalid, the layout's
/// invariants, and a relayout at half the width and 1.5 × the size from the same shaping. The named tests in
/// LayoutFuzzRegressionTests say what each finding was; this one keeps every input passing as the engine changes.
@Suite struct FuzzReplayTests {
    static let regressions = Fixtures.repositoryRoot + "/Tests/Fuzz/Regressions"

    static var layoutFindings: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: regressions)) ?? []
        return names.filter { $0.hasPrefix("layout-") }.sorted()
    }

    /// The fuzz target's verdict on one input: the problems found, empty when it passes.
    static func layoutProblems(_ bytes: [UInt8], typesetter: Typesetter) throws -> [String] {
        var input = FuzzInput(bytes: bytes)
        let (settings, mode) = FuzzCase.settings(&input)
        let text = try FuzzCase.text(&input)
        let valid = (try? settings.validated()) != nil
        let layout: BookLayout
        do { layout = try typesetter.layout(text, settings: settings, mode: mode) } catch is InvalidSetting {
            return valid ? ["valid settings refused"] : []
        }
        guard valid else { return ["settings that validated() refuses were laid out"] }
        var problems = LayoutInvariants.violations(in: layout, limit: 3)
        var relaid = layout.settings
        relaid.pageSize.width = max(relaid.margins.left + relaid.margins.right + 1, relaid.pageSize.width / 2)
        relaid.fontSize = min(2000, relaid.fontSize * 1.5)
        if let relayout = try? typesetter.layout(layout.shaped, settings: relaid, mode: layout.mode) {
            problems += LayoutInvariants.violations(in: relayout, limit: 3).map { "relayout: " + $0 }
        }
        return problems
    }

    /// The layout a kept positions finding decodes to, as the positions fuzz target makes it (its first 96 bytes are
    /// the target's queries).
    static func positionsLayout(_ name: String) throws -> BookLayout {
        var input = FuzzInput(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: regressions + "/" + name))))
        _ = input.take(96)
        let (settings, mode) = FuzzCase.settings(&input)
        let text = try FuzzCase.text(&input)
        return try Typesetter(fonts: try Fixtures.bundledFonts(), threads: 1).layout(text, settings: settings, mode: mode)
    }

    @Test func everyKeptLayoutFindingPasses() throws {
        let names = Self.layoutFindings
        #expect(names.count >= 8, "the kept layout findings were not found in \(Self.regressions)")
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts(), threads: 1)
        for name in names {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.regressions + "/" + name))
            #expect(try Self.layoutProblems(Array(data), typesetter: typesetter) == [], "\(name)")
        }
    }
}
