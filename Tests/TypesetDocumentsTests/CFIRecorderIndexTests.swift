import Testing
@testable import TypesetDocuments
import TypesetTestSupport

/// ``CFIRecorder/index(of:)``, which keeps each element's table index in its ``ElementPath`` once found: over random
/// trees, asked in document order, in reverse (so that elements are found before their parents) and shuffled, and
/// asked twice, every element's entry names its parent's entry and its even step among its parent's child elements,
/// and no element is registered twice.
@Suite struct CFIRecorderIndexTests {
    @Test func indicesFollowTheTreeInAnyOrder() throws {
        var rng = SplitMix64(seed: 3311)
        var checked = 0
        for round in 0..<30 {
            let paths = try SelectorMatchingTests.paths(SelectorMatchingTests.randomDocument(&rng))
            guard let root = paths.first else { continue }
            var order = Array(paths.indices)
            switch round % 3 {
            case 0: break
            case 1: order.reverse()
            default: order.shuffle(using: &rng)
            }
            var recorder = CFIRecorder()
            recorder.registerRoot(root.element)
            for position in order + order {
                let path = paths[position]
                let index = recorder.index(of: path)
                let entry = recorder.map.elements[Int(index)]
                guard let parent = path.parent else {
                    #expect(index == 0)
                    continue
                }
                let siblings = parent.element.children.compactMap { if case .element(let child) = $0 { child } else { nil } }
                let step = try #require(siblings.firstIndex { $0 === path.element })
                #expect(entry.parent == recorder.index(of: parent), "round \(round)")
                #expect(entry.step == Int32(2 * (step + 1)), "round \(round)")
                checked += 1
            }
            #expect(recorder.map.elements.count == paths.count, "round \(round): each element registered once")
        }
        #expect(checked > 1_000)
    }
}
