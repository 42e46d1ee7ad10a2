import Testing
import TypesetCore
import TypesetTestSupport

/// The harness itself: two books that look different are reported as different, and one book is the same as
/// itself, so that a passing reftest means the pixels agree.
@Suite struct ReftestHarnessTests {
    @Test func differentBooksDiffer() throws {
        let plain = try Reftest.render(Reftest.Book(body: "<p>Calm sea.</p>"))
        let italic = try Reftest.render(Reftest.Book(body: "<p><i>Calm sea.</i></p>"))
        let again = try Reftest.render(Reftest.Book(body: "<p>Calm sea.</p>"))
        #expect(Reftest.mismatch(plain, italic)?.contains("pixels differ") == true)
        #expect(Reftest.mismatch(plain, again) == nil)
        #expect(Reftest.inkPixels(plain, page: 0) > 0)
        let longer = try Reftest.render(Reftest.Book(body: String(repeating: "<p>Calm sea, and a long line of words.</p>", count: 40)))
        #expect(Reftest.mismatch(plain, longer)?.contains("pages") == true)
    }
}
