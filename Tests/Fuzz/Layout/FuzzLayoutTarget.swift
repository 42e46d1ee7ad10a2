import FuzzSupport
import TypesetCore
import TypesetTestSupport

/// libFuzzer target: random text (UTF-8, raw UTF-16 with lone surrogates, or styled runs) under random
/// settings (hostile values included). Invalid settings must be refused; valid ones must give a layout whose
/// structural invariants hold (`LayoutInvariants`: pages and lines partition the text, lines fit their column and
/// stay above the bottom margin, lines start and end on grapheme boundaries), and a relayout under other
/// settings from the same shaping must hold them too.
/// The entry point SwiftPM links as `main` (see CFuzzer.h).
@_cdecl("fuzz_layout_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzzLayout(data, size) }
}

/// The function under test, under the name libFuzzer looks for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    guard let layout = FuzzLayout.layout(&input) else { return 0 }
    let problems = LayoutInvariants.violations(in: layout, limit: 3)
    fuzzCheck(problems.isEmpty, "layout invariants: \(problems)")
    // Relayout (new width, same shaping), as a reader changing the size does.
    var settings = layout.settings
    settings.pageSize.width = max(settings.margins.left + settings.margins.right + 1, settings.pageSize.width / 2)
    settings.fontSize = min(2000, settings.fontSize * 1.5)
    if let relayout = try? FuzzLayout.typesetter.layout(layout.shaped, settings: settings, mode: layout.mode) {
        let problems = LayoutInvariants.violations(in: relayout, limit: 3)
        fuzzCheck(problems.isEmpty, "relayout invariants: \(problems)")
    }
    return 0
}
