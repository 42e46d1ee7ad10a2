import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// A float in the middle of a paragraph (CSS 2.1 §9.5 and §9.5.1 rule 6): placed at the top of the line where it
/// occurs when it fits there, the line boxes beside it shortened, and the paragraph's text going on in the same
/// lines (not a new line after the float). Each test document is matched against a reference that says the same
/// thing with simpler markup: the float moved to the start of the line it must sit on, which the float step places
/// there by its older, separately tested path. Same 240 × 320 pt page as ``FloatReftests``.
@Suite struct FloatAnchorReftests {
    static func expectSame(_ test: String, _ reference: String, css: String, _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        try FloatReftests.expectSame(FloatReftests.book(test, css: css), FloatReftests.book(reference, css: css), comment,
                                     sourceLocation: sourceLocation)
    }

    /// The words after a floated line number stay on the line of the words before it.
    @Test(arguments: ["right", "left"])
    func theTextAfterAFloatGoesOnInTheSameLine(_ side: String) throws {
        try Self.expectSame("<p>Im stillen <span class='n'>10</span>Hofgarten</p><p>Und die Wege</p>",
                            "<p><span class='n'>10</span>Im stillen Hofgarten</p><p>Und die Wege</p>",
                            css: ".n { float: \(side) }", "line number \(side) inside its verse")
    }

    /// A float anchored on a verse's third line sits at that line's top: the two lines above it keep the column's
    /// whole width (a left float would push them right), the lines from the third on are set beside it.
    @Test(arguments: ["left", "right"])
    func aFloatSitsAtTheTopOfItsAnchorsLine(_ side: String) throws {
        let css = "p { text-align: left } .f { float: \(side); margin: 0 4px }"
        try Self.expectSame("<p>Alpha beta<br/>Gamma delta<br/>Epsilon <img class='f' src='portrait.png' alt=''/>zeta eta<br/>Theta iota<br/>Kappa</p>",
                            "<p>Alpha beta<br/>Gamma delta</p><p><img class='f' src='portrait.png' alt=''/>Epsilon zeta eta<br/>Theta iota<br/>Kappa</p>",
                            css: css, "portrait \(side) on the third line")
    }

    /// Running text wraps beside an image floated in its middle, as it wraps beside one floated at its start
    /// when that start is the same line: the first line.
    @Test func runningTextWrapsBesideAnImageFloatedInItsFirstLine() throws {
        let words = "The portrait shows the author in his study, a pen in hand, the window behind him open on the garden."
        let css = "p { text-align: left } .f { float: right; margin-left: 4px }"
        try Self.expectSame("<p>The portrait <img class='f' src='portrait.png' alt=''/>\(words.dropFirst(13))</p>",
                            "<p><img class='f' src='portrait.png' alt=''/>\(words)</p>", css: css, "image in the first line")
    }

    /// css/CSS2/floats-clear/floats-006, with one float: a left float after a line's inline content is placed at that
    /// line's top, and the content before it moves to its right (“Inline boxes are reflowed to the first available
    /// line on the other side of a float”), both top edges aligned.
    @Test func inlineContentBeforeAFloatIsReflowedBesideIt() throws {
        let css = ".x { font-size: 200% } .f { float: left; width: 60px; height: 60px }"
        try Self.expectSame("<div><span class='x'>X</span> <img class='f' src='portrait.png' alt=''/></div><p>After</p>",
                            "<div><img class='f' src='portrait.png' alt=''/><span class='x'>X</span></div><p>After</p>",
                            css: css, "floats-006")
    }

    /// A float whose width does not fit beside the text before it on its line goes below that line (§9.5.1 rule
    /// 6 with the §9.5 prose): the reference puts it at the start of the paragraph after it.
    @Test func aFloatThatDoesNotFitBesideItsLineGoesBelowIt() throws {
        let css = "p { text-align: left } .f { float: right; width: 150px; height: 30px }"
        try Self.expectSame("<p>A first line of words<br/>the column, then <img class='f' src='portrait.png' alt=''/>this</p><p>After</p>",
                            "<p>A first line of words<br/>the column, then this</p><p><img class='f' src='portrait.png' alt=''/>After</p>",
                            css: css, "wide float below its line")
    }
}
