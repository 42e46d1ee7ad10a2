import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// Media Queries 4 against a reader's page: the grammar and three-valued evaluation (cases from web-platform-tests'
/// css/mediaqueries/test_media_queries.html, whose frame is 117 × 76 px on a 1920 × 1200 screen), media types as
/// reading systems have them, and queries in a book's sheets, links and imports.
@Suite struct MediaQueryTests {
    /// WPT's frame: a 117 × 76 px viewport on a 1920 × 1200 device.
    static let frame = MediaEnvironment(width: 117, height: 76, deviceWidth: 1920, deviceHeight: 1200)

    static func holds(_ query: String, _ environment: MediaEnvironment = frame) -> Bool {
        MediaQueryList(parsing: query).matches(environment)
    }

    /// Queries and whether they hold in WPT's frame.
    static let frameCases: [(String, Bool)] = [
        ("all and (width: 117px)", true), ("all and (width: 118px)", false), ("all and (width: 116px)", false),
        ("all and (min-width: 117px)", true), ("all and (min-width: 118px)", false), ("all and (min-width: 116px)", true),
        ("all and (max-width: 117px)", true), ("all and (max-width: 118px)", true), ("all and (max-width: 116px)", false),
        ("all and (min-width: 9em)", false), ("all and (min-width: 6em)", true), ("all and (max-width: 9em)", true),
        ("all and (max-width: 6em)", false), ("all and (height: 76px)", true), ("all and (height: 77px)", false),
        ("all and (min-height: 76px)", true), ("all and (min-height: 77px)", false), ("all and (max-height: 75px)", false),
        ("all and (min-height: 6em)", false), ("all and (min-height: 3em)", true),
        ("all and (device-width: 1920px)", true), ("all and (device-width: 1921px)", false),
        ("all and (min-device-width: 121em)", false), ("all and (min-device-width: 119em)", true),
        ("all and (max-device-height: 76em)", true), ("all and (max-device-height: 74em)", false),
        ("all and (height)", true), ("all and (width)", true), ("all and (device-height)", true),
        ("(orientation)", true), ("(orientation: landscape)", true), ("(orientation: portrait)", false),
        ("not all and (orientation: portrait)", true), ("not all and (orientation: landscape)", false),
        ("(aspect-ratio: 117/76)", true), ("(aspect-ratio: 234/152)", true), ("(aspect-ratio: 118/76)", false),
        ("(aspect-ratio)", true), ("(min-aspect-ratio: 1/1)", true), ("(max-aspect-ratio: 1/1)", false),
        ("(min-aspect-ratio: 2)", false), ("(device-aspect-ratio: 1920/1200)", true), ("(device-aspect-ratio: 16/10)", true),
        ("not all and (device-aspect-ratio: 1921/1200)", true), ("(min-device-aspect-ratio: 1921/1200)", false),
        // Range syntax (Media Queries 4).
        ("(width > 100px)", true), ("(width >= 117px)", true), ("(width > 117px)", false), ("(100px < width)", true),
        ("(117px < width)", false), ("(100px < width < 200px)", true), ("(100px < width <= 117px)", true),
        ("(100px < width < 117px)", false), ("(200px > width > 100px)", true), ("(100px < width > 50px)", false),
        ("(width = 117px)", true), ("(400px <= width <= 700px)", false), ("(aspect-ratio > 1)", true),
        // Conditions: and, or, not, nesting; unknown is false at the top and stays unknown under not.
        ("(width) and (height)", true), ("(min-width: 1000px) or (orientation: landscape)", true),
        ("not (orientation: portrait)", true), ("not ((min-width: 1000px) or (max-height: 10px))", true),
        ("((min-width: 100px) and ((height > 70px) or (color)))", true), ("not (not (not (color)))", false),
        ("(unknown-feature)", false), ("not (unknown-feature)", false), ("(color) or (unknown-feature)", true),
        ("(color) and (unknown-feature)", false), ("not ((color) and (unknown: 1))", false),
        ("(width: -1px)", false), ("not (width: -1px)", false), ("(min-width)", false), ("(min-orientation: portrait)", false),
        ("(orientation: 3px)", false), ("(width: landscape)", false), ("(width: 10)", false), ("(width: 0)", false),
        ("(width: 117px) and (height: 76px) or (color)", false),
        ("(color)", true), ("(min-color: 8)", true), ("(min-color: 9)", false), ("(monochrome)", false),
        ("(monochrome: 0)", true), ("(hover)", false), ("(hover: none)", true), ("(pointer: coarse)", true),
        ("(prefers-reduced-motion: reduce)", false), ("(prefers-color-scheme: light)", true),
        ("(prefers-color-scheme: dark)", false), ("(resolution: 2dppx)", true), ("(min-resolution: 192dpi)", true),
        ("(min-resolution: 3x)", false),
        // Media types as reading systems have them.
        ("screen", true), ("all", true), ("only screen", true), ("print", false), ("not print", true), ("tv", false),
        ("handheld", false), ("amzn-kf8", false), ("amzn-mobi", false), ("not amzn-mobi", true),
        ("not amzn-kf8 and (color)", true), ("screen and (max-width: 100px)", false), ("print, screen", true),
        ("print and (color), not screen", false), ("SCREEN AND (MIN-WIDTH: 100PX)", true), ("", true),
        ("only (orientation)", false), ("and", false), ("screen and", false), ("screen (color)", false),
        ("screen, , print", true), ("(color", false), ("color)", false), ("not not screen", false),
        ("(width) and (height) or (color)", false), ("screen or (color)", false), ("(foo(bar)) or (color)", true),
    ]

    @Test(arguments: frameCases) func queriesInWPTsFrame(_ query: String, _ expected: Bool) {
        #expect(Self.holds(query) == expected, "\(query)")
    }

    /// A query about the page or theme is marked as depending on it, and only then: the reader's answer is then
    /// kept to be asked again when settings change.
    @Test func dependenceOnThePage() {
        #expect(MediaQueryList(parsing: "(min-width: 30em)").dependsOnEnvironment)
        #expect(MediaQueryList(parsing: "print, (orientation: landscape)").dependsOnEnvironment)
        #expect(MediaQueryList(parsing: "(prefers-color-scheme: dark)").dependsOnEnvironment)
        #expect(!MediaQueryList(parsing: "screen and (color)").dependsOnEnvironment)
        #expect(MediaQueryList(parsing: "screen and (color)").constantValue == true)
        #expect(MediaQueryList(parsing: "amzn-kf8").constantValue == false)
        #expect(MediaQueryList(parsing: "(min-width: 30em)").constantValue == nil)
    }

    /// A reader's page is its content box: the page less its margins, in CSS pixels (points); the theme decides the
    /// colour scheme.
    @Test func theEnvironmentIsThePagesContentBox() {
        var settings = ReaderSettings()
        settings.typography.pageSize = Size(width: 800, height: 600)
        settings.typography.margins = EdgeInsets(all: 50)
        settings.appearance.theme = .dark
        let environment = MediaEnvironment(settings: settings)
        #expect(environment.width == 700 && environment.height == 500 && environment.prefersDark)
        #expect(Self.holds("(width: 700px) and (orientation: landscape) and (prefers-color-scheme: dark)", environment))
        #expect(Self.holds("(device-width: 800px)", environment))
        #expect(!Self.holds("(min-width: 701px)", environment))
        #expect(!Self.holds("(prefers-color-scheme: dark)", .reference))
    }

    /// Deep nesting parses without recursion and evaluates in one pass.
    @Test func deeplyNestedConditionsCostLinearWork() {
        let depth = 20_000
        let query = String(repeating: "(", count: depth) + "(color)" + String(repeating: ")", count: depth)
        #expect(Self.holds(query))
        let negated = String(repeating: "not (", count: depth) + "(color)" + String(repeating: ")", count: depth)
        #expect(Self.holds(negated) == (depth % 2 == 0))
        let unbalanced = String(repeating: "(", count: depth) + "(color)"
        #expect(!Self.holds(unbalanced))
    }
}
