import Testing
@testable import TypesetCore
import TypesetTestSupport

/// Every error of the core says what is wrong in one line of a readable length, whatever names the caller gave
/// (issue 22: a font name holding a newline gave a message of several lines).
@Suite struct ErrorMessageTests {
    static let hostileNames = ["Bad\nFamily", "Tab\tand\u{2028}separator", String(repeating: "Very Long Name ", count: 20_000)]

    static func expectOneLine(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!message.contains("\n") && !message.contains("\r") && !message.contains("\u{2028}"), "\(message.prefix(80))",
                sourceLocation: sourceLocation)
        #expect(message.count <= 1000, "\(message.count) characters", sourceLocation: sourceLocation)
    }

    @Test func fontErrorsNamingAFamilyAreOneLine() throws {
        // A context without any usable font directory: every family fails, and the message names it.
        for name in Self.hostileNames {
            Self.expectOneLine(FontError(.notFound, "no font matches \"\(name)\"").message)
        }
    }

    @Test func locatorErrorsAndDecorationProblemsAreOneLine() {
        let publication = Publication(text: StyledText(plain: "Some text."), href: "book.txt")
        for name in Self.hostileNames {
            do {
                _ = try publication.resolve(Locator(href: name, type: "text/plain"))
                Issue.record("an unknown href resolved")
            } catch {
                Self.expectOneLine(error.message)
            }
            let problem = DecorationProblem(id: name, index: 3, reason: .duplicateID(name), outcome: .rejected)
            Self.expectOneLine(problem.description)
            Self.expectOneLine(DecorationProblem(id: nil, reason: .unknownColour(name), outcome: .rejected).description)
        }
    }

    /// A font size too small for anything to be drawn is refused (1e-300 laid out blank pages), and the value is
    /// shown as it is, not rounded to 0.
    @Test func aFontSizeTooSmallToDrawIsRefused() throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        for size in [1e-300, 1e-10, 0.5, 0.999] {
            var settings = Fixtures.settings
            settings.fontSize = size
            do {
                _ = try typesetter.layout(StyledText(plain: "Text."), settings: settings)
                Issue.record("size \(size) was laid out")
            } catch let error as InvalidSetting {
                #expect(error.name == "size")
                #expect(error.reason.contains("at least 1"), "\(error)")
                #expect(!error.reason.hasSuffix("got 0"), "the value as given: \(error)")
            }
        }
        var settings = Fixtures.settings
        settings.fontSize = 1
        #expect(throws: Never.self) { try typesetter.layout(StyledText(plain: "Text."), settings: settings) }
    }
}
