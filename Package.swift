// swift-tools-version:6.2
import PackageDescription

// Dependencies point one way: typeset (CLI) → {TypesetDocuments, TypesetRender, TypesetSpeech} → TypesetCore → C modules.
// Only the toolchain and Debian's C libraries are used; `./setup.sh` installs the latter.
// Linux only (Debian 12, Swift 6.3): `platforms:` can name only Apple platforms, so none is declared; the README's
// "Platforms" says what a port needs.
let package = Package(
    name: "Typeset",
    products: [
        .library(name: "TypesetCore", targets: ["TypesetCore"]),
        .library(name: "TypesetDocuments", targets: ["TypesetDocuments"]),
        .library(name: "TypesetRender", targets: ["TypesetRender"]),
        .library(name: "TypesetSpeech", targets: ["TypesetSpeech"]),
        .executable(name: "typeset", targets: ["typeset"]),
        .executable(name: "typeset-bench", targets: ["typeset-bench"]),
    ],
    targets: [
        // System libraries: each folder holds module.modulemap and shim.h only.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // pixman, which scales book images (the image facade's one linked library).
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // libhyphen (Hunspell's Liang-pattern hyphenator) ships no pkg-config file; the module map links it.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // libexttextcat (LibreOffice's n-gram language guesser) for plain text that does not say its language.
        .systemLibrary(name: "CTextCat", pkgConfig: "libexttextcat", providers: [.apt(["libexttextcat-dev", "libexttextcat-data"])]),
        // ICU's symbols are versioned (ubrk_open_72), so it is reached through a small C facade (libicui18n for the
        // charset detector and collation search).
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
        // Book images: libjpeg-turbo, giflib, libwebp, libavif, libjxl, librsvg (with cairo) and pixman behind one
        // plain-C facade, so that no glib, cairo, pango or codec type reaches Swift. The codecs, librsvg and the pango
        // font map SVG text uses are opened with dlopen at their first use, not linked (CImageCodecs/libraries.h says
        // why); only pixman is linked, and fontconfig, which the core links anyway (an SVG's private font set).
        .target(name: "CImageCodecs", dependencies: ["CPixman", "CFontconfig"]),
        // eSpeak NG behind a facade that opens it at first use (`typeset speak`), not at every start.
        .target(name: "CEspeak"),
        // MeCab (Japanese morphological analysis, with the IPA dictionary: Debian's libmecab-dev and
        // mecab-ipadic-utf8) gives the readings of kanji a book gives no ruby for, which eSpeak NG's Japanese voice
        // cannot read; behind a facade that opens it at first use, as eSpeak NG.
        .target(name: "CMeCab"),
        // libmicrohttpd and SQLite for `typeset serve`, each behind a small C facade that opens it with dlopen at
        // first use, so that no other command loads them.
        .target(name: "CHTTPServer"),
        // libzip (EPUB and comic archives) behind a facade that opens it at the first archive: Debian's libzip
        // links libcrypto, bzip2 and lzma, which a plain-text run should not load (CZipLoader.h says why).
        .target(name: "CZipLoader"),
        .target(name: "CSQLite"),
        // One inline function: a prefetch hint for the layout loop (Swift has no prefetch intrinsic).
        .target(name: "CMemory"),
        // Loops over every unit of a book or byte of a page in SSE2, which Swift did not vectorise: a PNG's Adler-32,
        // the plain-text reader's scans (the line split, Aozora detection, Gutenberg italics).
        .target(name: "CKernels"),

        // Layout core: text model, fonts, itemization, shaping, line breaking, pagination. No rendering. FreeType
        // only to decode a book's WOFF and WOFF2 fonts (HarfBuzz reads plain OpenType).
        // (Math/make-math-tables.py regenerates MathTables.swift from the MathML Core specification's data.)
        .target(name: "TypesetCore", dependencies: ["CHarfBuzz", "CFontconfig", "CICU", "CHyphen", "CMemory", "CFreeType", "CZlib"],
                exclude: ["Math/make-math-tables.py"]),
        // Document readers: plain text (and EPUB) → Document. Knows nothing about layout.
        .target(name: "TypesetDocuments", dependencies: ["TypesetCore", "CICU", "CLibXML2", "CZipLoader", "CTextCat", "CKernels"]),
        // Rendering: laid-out pages → RGBA bitmaps (FreeType) → PNG (libpng's png_image API; zlib directly for
        // the fast path of one-colour pages); libxml2 to check an SVG before librsvg draws it (SVGBudget).
        .target(name: "TypesetRender",
                dependencies: ["TypesetCore", "CFreeType", "CLibPNG", "CZlib", "CImageCodecs", "CLibXML2", "CKernels"]),
        // Reading aloud with eSpeak NG: its own library, so that embedding the core links no speech engine.
        .target(name: "TypesetSpeech", dependencies: ["TypesetCore", "CEspeak", "CMeCab"]),
        // The command-line tool.
        // (Serve/Web: the reader's HTML, CSS and JavaScript, compiled into the executable.)
        .executableTarget(name: "typeset", dependencies: ["TypesetCore", "TypesetDocuments", "TypesetRender", "TypesetSpeech",
                                                          "CHTTPServer", "CSQLite"],
                          resources: [.embedInCode("Serve/Web")]),
        // Fixtures, layout dumps and invariant checkers shared by the tests and the benchmark (not a product).
        .target(name: "TypesetTestSupport", dependencies: ["TypesetCore", "TypesetDocuments", "TypesetRender", "CZlib", "CLibZip"]),
        // The C function every timed call of the benchmark goes through, so that callgrind can count its
        // instructions by name (Benchmarks/README.md, "Instruction counts").
        .target(name: "CBenchRegion", path: "Benchmarks/CBenchRegion"),
        .executableTarget(
            name: "typeset-bench",
            dependencies: ["TypesetCore", "TypesetDocuments", "TypesetRender", "TypesetTestSupport", "CHyphen", "CBenchRegion"],
            path: "Benchmarks/typeset-bench"),

        .testTarget(name: "TypesetCoreTests", dependencies: ["TypesetCore", "TypesetDocuments", "TypesetTestSupport", "CHyphen"],
                    exclude: ["Goldens", "Math/WPT"]),
        .testTarget(name: "TypesetDocumentsTests", dependencies: ["TypesetDocuments", "TypesetTestSupport", "CKernels", "CTextCat"]),
        .testTarget(name: "TypesetRenderTests",
                    dependencies: ["TypesetRender", "TypesetDocuments", "TypesetTestSupport", "CKernels", "CZlib"],
                    exclude: ["Goldens", "Images"]),
        .testTarget(name: "TypesetSpeechTests", dependencies: ["TypesetSpeech", "TypesetTestSupport"]),
        .testTarget(name: "TypesetCLITests", dependencies: ["TypesetCore", "TypesetTestSupport"]),
        // Reftests: a test book and a simpler reference drawn through the whole engine must give the same pixels.
        .testTarget(name: "TypesetReftests", dependencies: ["TypesetCore", "TypesetDocuments", "TypesetRender", "TypesetTestSupport"]),
    ]
)

// libFuzzer targets (Tests/Fuzz), declared only when TYPESET_FUZZ is set so that `swift build` and `swift test`
// never see them: they need `-sanitize=fuzzer`, which supplies `main`. `Tests/Fuzz/run.sh` sets the variable and
// builds them in their own scratch path.
if Context.environment["TYPESET_FUZZ"] != nil {
    package.targets += [
        .target(name: "CFuzzer", path: "Tests/Fuzz/CFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzer", "TypesetCore", "TypesetDocuments", "TypesetTestSupport"],
                path: "Tests/Fuzz/Support"),
        .executableTarget(name: "fuzz-decoder", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Decoder"),
        .executableTarget(name: "fuzz-epub", dependencies: ["FuzzSupport", "CZlib"], path: "Tests/Fuzz/EPUB"),
        .executableTarget(name: "fuzz-layout", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Layout"),
        .executableTarget(name: "fuzz-positions", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Positions"),
    ]
}
