#if canImport(Glibc)
import Glibc
#endif
import TypesetCore
import TypesetTestSupport

/// What the layout and position fuzz targets share: the bundled fonts, and the layout of an input decoded by
/// ``FuzzCase`` (in TypesetTestSupport, so that the regression tests replay the same bytes). Bugs are reported by
/// trapping (`fuzzCheck`), which is what libFuzzer records as a crash; this code runs only in the fuzzers.
public enum FuzzLayout {
    /// One typesetter over the bundled fonts for the whole run (single-threaded: the fuzzer drives one input at
    /// a time, and results must not depend on scheduling).
    public static let typesetter: Typesetter = {
        do { return Typesetter(fonts: try Fixtures.bundledFonts(), threads: 1) } catch {
            fatalError("fuzz set-up: the bundled fonts cannot be loaded: \(error)")
        }
    }()

    /// Set `TYPESET_FUZZ_VERBOSE=1` when replaying an input to see the settings and text it decodes to.
    public static let verbose = getenv("TYPESET_FUZZ_VERBOSE") != nil

    /// A layout of the input, or nil when the settings are refused (as they must be when invalid).
    public static func layout(_ input: inout FuzzInput) -> BookLayout? {
        let (settings, mode) = FuzzCase.settings(&input)
        let text: StyledText
        do { text = try FuzzCase.text(&input) } catch {
            fuzzCheck(false, "fuzz harness built paragraphs that do not partition the text: \(error)")
            return nil
        }
        let valid = (try? settings.validated()) != nil
        if verbose {
            debug("settings: \(settings) mode: \(mode)")
            for paragraph in text.paragraphs {
                debug("paragraph \(paragraph.range) content \(paragraph.contentRange) \(paragraph.style) units: \(paragraph.units.map { String($0, radix: 16) })")
                for run in paragraph.runs { debug("  run \(run.range) \(run.style)") }
            }
        }
        do {
            let layout = try typesetter.layout(text, settings: settings, mode: mode)
            fuzzCheck(valid, "settings that validated() refuses were laid out: \(settings)")
            return layout
        } catch is InvalidSetting {
            fuzzCheck(!valid, "valid settings refused")
            return nil
        } catch {
            // Font errors are legitimate only when no face matches at all, which cannot happen with Fonts/.
            fuzzCheck(false, "layout failed: \(error)")
            return nil
        }
    }
}

/// Writes a line on stderr, unbuffered (a crash follows).
public func debug(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Traps with `message` when `condition` is false: libFuzzer records the input as a crash.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant: " + message()) }
}
