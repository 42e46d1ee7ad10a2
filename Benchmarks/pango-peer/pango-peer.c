/*
 * pango-peer: the Pango side of typeset-bench. Does the same work as typeset-bench's cases on the same input and
 * prints one JSON object of timings on stdout. Not part of the Swift package; built by Benchmarks/build-peer.sh.
 *
 * Input: a text file with one paragraph per line (corpus.txt as in peers-and-performance.md §4.1, or a book
 * exported by typeset-bench with its paragraphs joined). Empty lines are skipped.
 *
 * Setup (peers §4.2): pango_cairo_font_map_new + set_resolution(dpi), one PangoContext, one PangoLayout per
 * paragraph with set_font_description / set_width / set_wrap(WORD) / set_text, forced with get_extents.
 * Pagination sums the lines' y-ranges (PangoLayoutIter) into pages of --page-height points; a line never
 * straddles pages; --para-spacing points go between paragraphs (dropped at the top of a page). --line-height sets an
 * absolute line height (PANGO_ATTR_LINE_HEIGHT, Pango >= 1.50) so that pages hold as many lines as Typeset's.
 *
 * Sections (--sections, comma-separated, any order):
 *   shape       pango_itemize + pango_shape_with_flags per item, per paragraph (Pango's shaping only), and plain
 *               HarfBuzz, one hb_buffer per paragraph with Pango's hb_font (peers §4.3 H4)
 *   layout      one layout per paragraph (kept), then pagination; timed separately and summed
 *   layout2     the same on 2 threads (one font map + context per thread), pagination on the main thread
 *   relayout    set_width(--relayout-width) on the kept layouts + get_extents + pagination (Pango reshapes)
 *   render      raster page --render-page with pango_cairo_show_layout_line into an RGB24 surface with 10 px
 *               (at 96 dpi) margins, at --dpi and at --render-dpi2; PNG encode with cairo_surface_write_to_png_stream
 *   hit         pango_layout_xy_to_index / index_to_pos / get_cursor_pos, --hit-count random queries on the
 *               middle and the last page (page coordinates -> paragraph layout found by binary search)
 *   breaks      the line breaks of every paragraph (for typeset-bench --oracle): per paragraph, the UTF-16 offsets
 *               where its lines after the first start ("breaks", an array of arrays), from layouts made with exact
 *               glyph positions (pango_context_set_round_glyph_positions FALSE; with --no-hint-metrics, unhinted)
 *   memory      VmHWM before/after laying out every paragraph and keeping the layouts (run alone, fresh process)
 *   typo        per line of the paginated layouts: natural width (trailing white space excluded, a drawn hyphen
 *               included) and the natural width of its inter-word spaces in points, whether it ends with a hyphen,
 *               whether it is its paragraph's last line, its page, paragraph, index and its paragraph's line count
 *               ("typo_lines"), for typeset-bench --report. Measured on layouts made without --justify: Pango
 *               justifies after breaking (pango_layout_line_postprocess) by widening the glyphs of spaces, which
 *               would hide the natural widths; the breaks are the same (typeset-bench checks the line counts).
 *               With --justify, also per line: its drawn inter-word gaps ("typo_gaps", [x0, x1, x0, x1...] in points
 *               from the column's left edge: the x range of each run of spaces between the first and the last
 *               visible glyph, pango_layout_index_to_pos on a justified copy of the paragraph's layout, so as Pango
 *               draws them), and with --optical-edges its optical edges ("typo_edges", [left, right] in points
 *               inside the column's edges, null where not found; see typeset-bench's OpticalEdge).
 *
 * Typography (for the typo section and rendering):
 *   --justify   pango_layout_set_justify: Pango 1.50 breaks greedily and then widens the spaces of every line
 *               but a paragraph's last (it never shrinks them)
 *   --hyphenate DICT [--hyph-min N --hyph-left N --hyph-right N]: Pango has no hyphenation dictionary; it breaks
 *               after a soft hyphen (U+00AD) and then draws a hyphen (PANGO_ATTR_INSERT_HYPHENS, on by default since
 *               1.44). So soft hyphens are inserted at the hyphenation points libhyphen finds with DICT, by the rules
 *               Typeset's Hyphenator applies (letters only; words of at least N letters; not all capitals; none in
 *               tokens that look like URLs or e-mail addresses), and Pango breaks greedily among them.
 *   --optical-edges BAND,STEM,OUTSIDE,INSIDE,SCALE: measure each justified line's optical edges as Typeset's
 *               report does: draw the line (pango_cairo_show_layout_line into an A8 surface, SCALE pixels per point)
 *               clipped to the band BAND ems above its baseline, and find, from OUTSIDE ems beyond each edge to
 *               INSIDE ems in, where the ink summed column by column reaches a stem STEM ems wide over the band.
 *
 * Times are milliseconds (per call: microseconds), CLOCK_MONOTONIC (wall); the main sections also give process
 * CPU time (CLOCK_PROCESS_CPUTIME_ID, keys ending in _cpu_ms); each timed section runs --warmup times
 * untimed, then --runs times; the JSON gives median, min, max and every run.
 */
#define _GNU_SOURCE
#include <pango/pangocairo.h>
#include <hb.h>
#include <hyphen.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

/* ---------- options ---------- */

static const char *opt_text = NULL;
static const char *opt_family = "DejaVu Serif";
static double opt_size = 19;          /* points */
static double opt_width = 400;        /* points */
static double opt_page_height = 800;  /* points */
static double opt_dpi = 96;
static double opt_render_dpi2 = 144;  /* 2 px per point, typeset's default pixelScale */
static double opt_line_spacing = 0;   /* 0: the font's natural line height */
static double opt_line_height = 0;    /* points, absolute (PANGO_ATTR_LINE_HEIGHT); 0: unset */
static double opt_para_spacing = 0;   /* points between paragraphs */
static double opt_relayout_width = 500;
static int opt_runs = 5, opt_warmup = 1, opt_hit_count = 10000, opt_render_page = 0;
static int opt_hint_metrics = 1;
static int opt_round_positions = 1;
static const char *opt_sections = "shape,layout,layout2,relayout,render,hit";
static const char *opt_png_out = NULL;
static int opt_justify = 0;
static const char *opt_hyphenate = NULL;
static int opt_hyph_min = 5, opt_hyph_left = 2, opt_hyph_right = 3;
static double opt_edge_band = 0, opt_edge_stem = 0, opt_edge_outside = 0, opt_edge_inside = 0, opt_edge_scale = 0;

static int has_section(const char *name) {
    size_t n = strlen(name);
    for (const char *p = opt_sections; (p = strstr(p, name)) != NULL; p += n) {
        int starts = p == opt_sections || p[-1] == ',';
        int ends = p[n] == '\0' || p[n] == ',';
        if (starts && ends) return 1;
    }
    return 0;
}

/* ---------- timing and statistics ---------- */

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* CPU time of the whole process (every thread), so that time lost to other processes on a shared machine shows. */
static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median_of(const double *v, int n) {
    double *s = malloc(sizeof(double) * (size_t)n);
    memcpy(s, v, sizeof(double) * (size_t)n);
    qsort(s, (size_t)n, sizeof(double), cmp_double);
    double m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    free(s);
    return m;
}

/* JSON output is built with a GString; entries are separated by commas. */
static GString *out;
static int out_first = 1;

static void emit_key(const char *key) {
    g_string_append_printf(out, "%s\n  \"%s\": ", out_first ? "" : ",", key);
    out_first = 0;
}

static void emit_stats(const char *key, const double *v, int n) {
    emit_key(key);
    double lo = v[0], hi = v[0];
    for (int i = 1; i < n; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i]; }
    g_string_append_printf(out, "{\"median\": %.6g, \"min\": %.6g, \"max\": %.6g, \"runs\": [", median_of(v, n), lo, hi);
    for (int i = 0; i < n; i++) g_string_append_printf(out, "%s%.6g", i ? ", " : "", v[i]);
    g_string_append(out, "]}");
}

static void emit_number(const char *key, double value) { emit_key(key); g_string_append_printf(out, "%.10g", value); }
static void emit_string(const char *key, const char *value) { emit_key(key); g_string_append_printf(out, "\"%s\"", value); }

/* ---------- input ---------- */

typedef struct { const char *text; int length; int starts_section; } Para;

static char *file_data;
static Para *paras;
static int n_paras;
static long total_utf16;

static void read_input(void) {
    gsize size;
    GError *error = NULL;
    if (!g_file_get_contents(opt_text, &file_data, &size, &error)) {
        fprintf(stderr, "pango-peer: %s\n", error->message);
        exit(1);
    }
    int capacity = 1024;
    paras = malloc(sizeof(Para) * (size_t)capacity);
    char *p = file_data, *end = file_data + size;
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *line_end = nl ? nl : end;
        int section = 0;
        /* typeset-bench marks a paragraph that starts a section (a new page) with a form feed. */
        if (p < line_end && *p == '\f') { section = 1; p++; }
        if (line_end > p) {
            if (n_paras == capacity) { capacity *= 2; paras = realloc(paras, sizeof(Para) * (size_t)capacity); }
            paras[n_paras++] = (Para){ p, (int)(line_end - p), section };
            for (const char *q = p; q < line_end; q = g_utf8_next_char(q)) {
                gunichar c = g_utf8_get_char(q);
                total_utf16 += c >= 0x10000 ? 2 : 1;
            }
        }
        p = line_end + 1;
    }
    if (!g_utf8_validate(file_data, (gssize)size, NULL)) {
        fprintf(stderr, "pango-peer: %s is not valid UTF-8\n", opt_text);
        exit(1);
    }
}

/* ---------- Pango setup ---------- */

typedef struct {
    PangoFontMap *map;
    PangoContext *context;
    PangoFontDescription *font;
} Engine;

static Engine engine_new(void) {
    Engine e;
    e.map = pango_cairo_font_map_new();
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(e.map), opt_dpi);
    e.context = pango_font_map_create_context(e.map);
    if (!opt_hint_metrics) {
        cairo_font_options_t *options = cairo_font_options_create();
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
        pango_cairo_context_set_font_options(e.context, options);
        cairo_font_options_destroy(options);
    }
    if (!opt_round_positions) pango_context_set_round_glyph_positions(e.context, FALSE);
    e.font = pango_font_description_new();
    pango_font_description_set_family(e.font, opt_family);
    pango_font_description_set_size(e.font, (int)lround(opt_size * PANGO_SCALE));
    pango_context_set_font_description(e.context, e.font);
    return e;
}

static void engine_free(Engine *e) {
    pango_font_description_free(e->font);
    g_object_unref(e->context);
    g_object_unref(e->map);
}

/* Points to Pango units at the layout resolution. */
static int pt_to_units(double pt) { return (int)lround(pt * opt_dpi / 72.0 * PANGO_SCALE); }

static PangoLayout *layout_paragraph(Engine *e, const Para *para, int width) {
    PangoLayout *layout = pango_layout_new(e->context);
    pango_layout_set_font_description(layout, e->font);
    pango_layout_set_width(layout, width);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    if (opt_justify && !has_section("typo")) pango_layout_set_justify(layout, TRUE);
    if (opt_line_spacing > 0) pango_layout_set_line_spacing(layout, (float)opt_line_spacing);
    if (opt_line_height > 0) {
        PangoAttrList *attrs = pango_attr_list_new();
        pango_attr_list_insert(attrs, pango_attr_line_height_new_absolute(pt_to_units(opt_line_height)));
        pango_layout_set_attributes(layout, attrs);
        pango_attr_list_unref(attrs);
    }
    pango_layout_set_text(layout, para->text, para->length);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    return layout;
}

static void layout_range(Engine *e, PangoLayout **layouts, int from, int to, int width) {
    for (int i = from; i < to; i++) layouts[i] = layout_paragraph(e, &paras[i], width);
}

static void free_layouts(PangoLayout **layouts) {
    for (int i = 0; i < n_paras; i++) { if (layouts[i]) g_object_unref(layouts[i]); layouts[i] = NULL; }
}

/* ---------- pagination ---------- */

/* Where a paragraph's layout sits on one page: its origin's y in page units (negative when it began on an earlier
   page), and which of its bytes have lines on that page. */
typedef struct { int para; int origin_y; int byte_lo, byte_hi; } Placement;
typedef struct { Placement *items; int count, capacity; } PlacementList;

static void placement_add(PlacementList *list, Placement p) {
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? list->capacity * 2 : 16;
        list->items = realloc(list->items, sizeof(Placement) * (size_t)list->capacity);
    }
    list->items[list->count++] = p;
}

typedef struct { long lines; long pages; } PageCount;

/* Called by paginate for every line, in reading order, when set (the typo section). */
typedef void (*LineVisitor)(void *context, int para, long page, PangoLayoutLine *line, int line_index, int line_count);
static LineVisitor paginate_visitor = NULL;
static void *paginate_visitor_context = NULL;

/* Sums line heights into pages. When `want_page` >= 0, records that page's placements and (for rendering) its
   lines with their baselines. */
typedef struct { PangoLayoutLine *line; int baseline_y; } PageLine;
typedef struct { PageLine *items; int count, capacity; } PageLineList;

static PageCount paginate(PangoLayout **layouts, int want_page, PlacementList *placements, PageLineList *page_lines) {
    const int page_height = pt_to_units(opt_page_height);
    const int spacing = pt_to_units(opt_para_spacing);
    long page = 0, lines = 0;
    int y = 0;  /* used height on the current page */
    for (int i = 0; i < n_paras; i++) {
        if (paras[i].starts_section && y > 0) { page++; y = 0; }
        else if (y > 0) y += spacing;
        PangoLayoutIter *iter = pango_layout_get_iter(layouts[i]);
        int line_count = pango_layout_get_line_count(layouts[i]), line_index = 0;
        int origin = y;      /* the layout's origin on the current page */
        int last_page = -1;  /* the page of this paragraph's placement recorded last */
        do {
            int y0, y1;
            pango_layout_iter_get_line_yrange(iter, &y0, &y1);
            int h = y1 - y0;
            if (y > 0 && y + h > page_height) { page++; y = 0; origin = -y0; }
            if (page == want_page) {
                PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
                if (last_page != want_page) {
                    placement_add(placements, (Placement){ i, origin, line->start_index, line->start_index + line->length });
                    last_page = (int)want_page;
                } else {
                    placements->items[placements->count - 1].byte_hi = line->start_index + line->length;
                }
                if (page_lines) {
                    if (page_lines->count == page_lines->capacity) {
                        page_lines->capacity = page_lines->capacity ? page_lines->capacity * 2 : 64;
                        page_lines->items = realloc(page_lines->items, sizeof(PageLine) * (size_t)page_lines->capacity);
                    }
                    page_lines->items[page_lines->count++] =
                        (PageLine){ line, origin + pango_layout_iter_get_baseline(iter) };
                }
            }
            if (paginate_visitor)
                paginate_visitor(paginate_visitor_context, i, page, pango_layout_iter_get_line_readonly(iter), line_index, line_count);
            line_index++;
            y += h;
            lines++;
        } while (pango_layout_iter_next_line(iter));
        pango_layout_iter_free(iter);
    }
    return (PageCount){ lines, n_paras > 0 ? page + 1 : 0 };
}

/* ---------- shaping only ---------- */

static long shape_all_pango(Engine *e) {
    long glyphs = 0;
    PangoAttrList *attrs = pango_attr_list_new();
    for (int i = 0; i < n_paras; i++) {
        GList *items = pango_itemize(e->context, paras[i].text, 0, paras[i].length, attrs, NULL);
        for (GList *l = items; l; l = l->next) {
            PangoItem *item = l->data;
            PangoGlyphString *g = pango_glyph_string_new();
            pango_shape_with_flags(paras[i].text + item->offset, item->length, paras[i].text, paras[i].length,
                                   &item->analysis, g, PANGO_SHAPE_ROUND_POSITIONS);
            glyphs += g->num_glyphs;
            pango_glyph_string_free(g);
            pango_item_free(item);
        }
        g_list_free(items);
    }
    pango_attr_list_unref(attrs);
    return glyphs;
}

static long shape_all_harfbuzz(hb_font_t *font, hb_buffer_t *buffer) {
    long glyphs = 0;
    for (int i = 0; i < n_paras; i++) {
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_utf8(buffer, paras[i].text, paras[i].length, 0, paras[i].length);
        hb_buffer_guess_segment_properties(buffer);
        hb_shape(font, buffer, NULL, 0);
        glyphs += hb_buffer_get_length(buffer);
    }
    return glyphs;
}

/* ---------- two threads ---------- */

typedef struct { Engine *engine; PangoLayout **layouts; int from, to, width; } ThreadJob;

static void *layout_thread(void *arg) {
    ThreadJob *job = arg;
    layout_range(job->engine, job->layouts, job->from, job->to, job->width);
    return NULL;
}

/* Splits the paragraphs into two halves of about equal bytes. */
static int split_point(void) {
    long total = 0, half = 0;
    for (int i = 0; i < n_paras; i++) total += paras[i].length;
    for (int i = 0; i < n_paras; i++) { half += paras[i].length; if (half * 2 >= total) return i + 1; }
    return n_paras;
}

/* ---------- memory ---------- */

static long vm_hwm_kb(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f)) if (sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
    fclose(f);
    return kb;
}

/* ---------- random numbers (SplitMix64, seeded: every run queries the same points) ---------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double rng_unit(void) { return (double)(rng_next() >> 11) / 9007199254740992.0; }

/* ---------- hit testing ---------- */

static int find_placement(const PlacementList *list, int y) {
    int lo = 0, hi = list->count - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (list->items[mid].origin_y <= y) lo = mid; else hi = mid - 1;
    }
    return lo;
}

static void hit_test_page(PangoLayout **layouts, long page, const char *label) {
    PlacementList placements = { 0 };
    paginate(layouts, (int)page, &placements, NULL);
    if (placements.count == 0) return;
    const int n = opt_hit_count;
    const int width = pt_to_units(opt_width), height = pt_to_units(opt_page_height);
    int *xs = malloc(sizeof(int) * (size_t)n), *ys = malloc(sizeof(int) * (size_t)n);
    int *which = malloc(sizeof(int) * (size_t)n), *index = malloc(sizeof(int) * (size_t)n);
    rng_state = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < n; i++) {
        xs[i] = (int)(rng_unit() * width);
        ys[i] = (int)(rng_unit() * height);
    }
    /* Byte indexes uniformly over the page's text (each placement's bytes with lines on this page). */
    long total = 0;
    for (int k = 0; k < placements.count; k++) total += placements.items[k].byte_hi - placements.items[k].byte_lo;
    for (int i = 0; i < n; i++) {
        long r = (long)(rng_unit() * (double)total);
        int k = 0;
        while (k < placements.count - 1 && r >= placements.items[k].byte_hi - placements.items[k].byte_lo) {
            r -= placements.items[k].byte_hi - placements.items[k].byte_lo;
            k++;
        }
        const Para *para = &paras[placements.items[k].para];
        int b = placements.items[k].byte_lo + (int)r;
        while (b > 0 && (para->text[b] & 0xC0) == 0x80) b--;  /* back to a character start */
        which[i] = k; index[i] = b;
    }
    double *xy = malloc(sizeof(double) * (size_t)opt_runs), *pos = malloc(sizeof(double) * (size_t)opt_runs);
    double *cursor = malloc(sizeof(double) * (size_t)opt_runs);
    long checksum = 0;
    for (int run = -opt_warmup; run < opt_runs; run++) {
        double t0 = now_ms();
        for (int i = 0; i < n; i++) {
            const Placement *p = &placements.items[find_placement(&placements, ys[i])];
            int idx, trailing;
            pango_layout_xy_to_index(layouts[p->para], xs[i], ys[i] - p->origin_y, &idx, &trailing);
            checksum += idx + trailing;
        }
        double t1 = now_ms();
        for (int i = 0; i < n; i++) {
            PangoRectangle rect;
            pango_layout_index_to_pos(layouts[placements.items[which[i]].para], index[i], &rect);
            checksum += rect.x;
        }
        double t2 = now_ms();
        for (int i = 0; i < n; i++) {
            PangoRectangle strong;
            pango_layout_get_cursor_pos(layouts[placements.items[which[i]].para], index[i], &strong, NULL);
            checksum += strong.x;
        }
        double t3 = now_ms();
        if (run >= 0) {
            xy[run] = (t1 - t0) * 1000 / n;
            pos[run] = (t2 - t1) * 1000 / n;
            cursor[run] = (t3 - t2) * 1000 / n;
        }
    }
    char key[128];
    snprintf(key, sizeof key, "hit_%s_page", label); emit_number(key, (double)page);
    snprintf(key, sizeof key, "hit_%s_paragraphs", label); emit_number(key, placements.count);
    snprintf(key, sizeof key, "hit_xy_to_index_us_%s", label); emit_stats(key, xy, opt_runs);
    snprintf(key, sizeof key, "hit_index_to_pos_us_%s", label); emit_stats(key, pos, opt_runs);
    snprintf(key, sizeof key, "hit_get_cursor_pos_us_%s", label); emit_stats(key, cursor, opt_runs);
    snprintf(key, sizeof key, "hit_checksum_%s", label); emit_number(key, (double)checksum);
    free(xs); free(ys); free(which); free(index); free(xy); free(pos); free(cursor); free(placements.items);
}

/* ---------- rendering ---------- */

static cairo_status_t count_bytes(void *closure, const unsigned char *data, unsigned int length) {
    (void)data;
    *(long *)closure += length;
    return CAIRO_STATUS_SUCCESS;
}

/* Renders the page at `dpi` (pixels per inch; the layout was made at opt_dpi) with pango-view's 10 px margins
   (7.5 pt at 96 dpi). Returns the surface; `ms` gets the raster time. */
static cairo_surface_t *render_page(const PageLineList *lines, double dpi, double *ms, int *w, int *h) {
    const double px_per_pt = dpi / 72.0, margin_pt = 7.5;
    *w = (int)ceil((opt_width + 2 * margin_pt) * px_per_pt);
    *h = (int)ceil((opt_page_height + 2 * margin_pt) * px_per_pt);
    double t0 = now_ms();
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, *w, *h);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    /* Layout units are at opt_dpi; scale to the target resolution. */
    cairo_scale(cr, dpi / opt_dpi, dpi / opt_dpi);
    const double margin_layout_px = margin_pt * opt_dpi / 72.0;
    for (int i = 0; i < lines->count; i++) {
        cairo_move_to(cr, margin_layout_px, margin_layout_px + (double)lines->items[i].baseline_y / PANGO_SCALE);
        pango_cairo_show_layout_line(cr, lines->items[i].line);
    }
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    *ms = now_ms() - t0;
    return surface;
}

static void render_section(PangoLayout **layouts) {
    PlacementList placements = { 0 };
    PageLineList lines = { 0 };
    paginate(layouts, opt_render_page, &placements, &lines);
    const double resolutions[2] = { opt_dpi, opt_render_dpi2 };
    const char *labels[2] = { "", "_2x" };
    for (int r = 0; r < 2; r++) {
        double *raster = malloc(sizeof(double) * (size_t)opt_runs), *png = malloc(sizeof(double) * (size_t)opt_runs);
        long png_bytes = 0;
        int w = 0, h = 0;
        for (int run = -opt_warmup; run < opt_runs; run++) {
            double ms;
            cairo_surface_t *surface = render_page(&lines, resolutions[r], &ms, &w, &h);
            long bytes = 0;
            double t0 = now_ms();
            cairo_surface_write_to_png_stream(surface, count_bytes, &bytes);
            double t1 = now_ms();
            if (run >= 0) { raster[run] = ms; png[run] = t1 - t0; }
            png_bytes = bytes;
            if (run == opt_runs - 1 && r == 0 && opt_png_out) cairo_surface_write_to_png(surface, opt_png_out);
            cairo_surface_destroy(surface);
        }
        char key[64];
        snprintf(key, sizeof key, "raster_ms%s", labels[r]); emit_stats(key, raster, opt_runs);
        snprintf(key, sizeof key, "png_encode_ms%s", labels[r]); emit_stats(key, png, opt_runs);
        snprintf(key, sizeof key, "png_bytes%s", labels[r]); emit_number(key, (double)png_bytes);
        snprintf(key, sizeof key, "raster_pixels%s", labels[r]); emit_number(key, (double)w * h);
        snprintf(key, sizeof key, "raster_size%s", labels[r]);
        char size[32]; snprintf(size, sizeof size, "%dx%d", w, h); emit_string(key, size);
        free(raster); free(png);
    }
    emit_number("render_page", opt_render_page);
    emit_number("render_page_lines", lines.count);
    free(placements.items); free(lines.items);
}

/* ---------- main ---------- */

/* ---------- typography: soft hyphens from libhyphen, per-line figures ---------- */

static HyphenDict *hyph_dict;

static int looks_like_address(const char *p, const char *end) {
    if (end - p >= 4 && g_ascii_strncasecmp(p, "www.", 4) == 0) return 1;
    for (const char *q = p; q < end; q++) {
        if (*q == '@' || *q == '/' || *q == '\\') return 1;
        if (*q == '.' && q > p && q + 1 < end && g_ascii_isalpha(q[-1]) && g_ascii_isalpha(q[1])) return 1;
    }
    return 0;
}

/* Appends the word [p, end) to `out`, with U+00AD after every letter where the patterns allow a hyphen. */
static void hyphenate_word(GString *out, const char *p, const char *end) {
    gunichar letters[64];
    int n = 0, capitals = 1, skip = 0;
    for (const char *q = p; q < end; q = g_utf8_next_char(q)) {
        gunichar c = g_utf8_get_char(q);
        if (c == 0xAD || g_unichar_ismark(c) || n == 60) { skip = 1; break; }
        if (!g_unichar_isupper(c)) capitals = 0;
        letters[n++] = g_unichar_tolower(c);
    }
    if (skip || capitals || n < opt_hyph_min) { g_string_append_len(out, p, end - p); return; }
    char bytes[256];
    int size = 0;
    for (int i = 0; i < n; i++) {
        if (hyph_dict->utf8) size += g_unichar_to_utf8(letters[i], bytes + size);
        else if (letters[i] <= 0xFF) bytes[size++] = (char)letters[i];
        else { g_string_append_len(out, p, end - p); return; }
    }
    bytes[size] = 0;
    char hyphens[262] = { 0 };
    char **rep = NULL; int *pos = NULL, *cut = NULL;
    int ok = hnj_hyphen_hyphenate2(hyph_dict, bytes, size, hyphens, NULL, &rep, &pos, &cut) == 0;
    const char *q = p;
    for (int i = 0; i < n; i++) {
        const char *next = g_utf8_next_char(q);
        g_string_append_len(out, q, next - q);
        q = next;
        if (ok && i < n - 1 && (hyphens[i] & 1) && !(rep && rep[i]) && i + 1 >= opt_hyph_left && n - i - 1 >= opt_hyph_right)
            g_string_append(out, "\xc2\xad");
    }
    if (rep) { for (int i = 0; i < size; i++) free(rep[i]); free(rep); }
    free(pos); free(cut);
}

/* Rewrites every paragraph with soft hyphens at its words' hyphenation points (the text is kept in `file_data`'s
   place; paragraphs point into new strings that live until exit). */
static void insert_soft_hyphens(void) {
    hyph_dict = hnj_hyphen_load(opt_hyphenate);
    if (!hyph_dict) { fprintf(stderr, "pango-peer: cannot load hyphenation patterns %s\n", opt_hyphenate); exit(1); }
    for (int i = 0; i < n_paras; i++) {
        GString *out = g_string_sized_new((gsize)paras[i].length * 11 / 10);
        const char *p = paras[i].text, *end = p + paras[i].length;
        while (p < end) {
            const char *token = p;
            while (p < end && !g_unichar_isspace(g_utf8_get_char(p)) && g_utf8_get_char(p) != 0xA0) p = g_utf8_next_char(p);
            if (looks_like_address(token, p)) g_string_append_len(out, token, p - token);
            else {
                const char *q = token;
                while (q < p) {
                    const char *word = q;
                    while (q < p && g_unichar_isalpha(g_utf8_get_char(q))) q = g_utf8_next_char(q);
                    if (q > word) hyphenate_word(out, word, q);
                    const char *other = q;
                    while (q < p && !g_unichar_isalpha(g_utf8_get_char(q))) q = g_utf8_next_char(q);
                    g_string_append_len(out, other, q - other);
                }
            }
            const char *space = p;
            while (p < end && (g_unichar_isspace(g_utf8_get_char(p)) || g_utf8_get_char(p) == 0xA0)) p = g_utf8_next_char(p);
            g_string_append_len(out, space, p - space);
        }
        paras[i].length = (int)out->len;
        paras[i].text = g_string_free(out, FALSE);
    }
}

static double units_to_pt(int units) { return (double)units / PANGO_SCALE * 72.0 / opt_dpi; }

/* What the typo section writes and keeps while it visits the lines. */
typedef struct {
    GString *lines, *gaps, *edges;
    PangoLayout **layouts;
    PangoLayout *justified;  /* the current paragraph's layout, copied and justified (--justify) */
    int justified_para;
    cairo_surface_t *strip;  /* one line's band, for its optical edges (--optical-edges) */
    cairo_t *cr;
} TypoContext;

/* Where, in columns from the start of `ink` (step +1 or -1 from `from`, `count` columns), the running sum reaches
   `threshold`, interpolated within the column that reaches it; -1 when it never does. */
static double ink_reach(const double *ink, int from, int step, int count, double threshold) {
    double sum = 0;
    for (int i = 0; i < count; i++) {
        double amount = ink[from + i * step];
        if (amount <= 0) continue;
        if (sum + amount >= threshold) return i + (threshold - sum) / amount;
        sum += amount;
    }
    return -1;
}

/* The gaps and optical edges of a justified line (the line `line_index` of the justified copy of paragraph `para`),
   appended to the context's "typo_gaps" and "typo_edges". `visible_end` is where its visible content ends. */
static void typo_justified(TypoContext *t, int para, int line_index, int visible_end, int last) {
    const char *text = paras[para].text;
    if (t->justified_para != para) {
        if (t->justified) g_object_unref(t->justified);
        t->justified = pango_layout_copy(t->layouts[para]);
        pango_layout_set_justify(t->justified, TRUE);
        t->justified_para = para;
    }
    PangoLayoutLine *line = pango_layout_get_line_readonly(t->justified, line_index);
    g_string_append(t->gaps, t->gaps->len > 1 ? ",[" : "[");
    int first_gap = 1;
    if (line) {
        int visible_start = line->start_index;
        while (visible_start < visible_end && g_unichar_isspace(g_utf8_get_char(text + visible_start)))
            visible_start = (int)(g_utf8_next_char(text + visible_start) - text);
        int b = visible_start;
        while (b < visible_end) {
            if (text[b] != ' ' && text[b] != '\t') { b = (int)(g_utf8_next_char(text + b) - text); continue; }
            PangoRectangle a, z;
            pango_layout_index_to_pos(t->justified, b, &a);
            int e = b;
            while (e < visible_end && (text[e] == ' ' || text[e] == '\t')) e++;
            pango_layout_index_to_pos(t->justified, e - 1, &z);
            double x0 = units_to_pt(MIN(a.x, a.x + a.width)), x1 = units_to_pt(MAX(z.x, z.x + z.width));
            if (x1 > x0) {
                g_string_append_printf(t->gaps, "%s%.3f,%.3f", first_gap ? "" : ",", x0, x1);
                first_gap = 0;
            }
            b = e;
        }
    }
    g_string_append(t->gaps, "]");
    if (!t->cr) return;
    double left = NAN, right = NAN;
    if (line && !last) {
        const double em = opt_size, scale = opt_edge_scale, width = opt_width;
        int w = cairo_image_surface_get_width(t->strip), h = cairo_image_surface_get_height(t->strip);
        cairo_save(t->cr);
        cairo_set_operator(t->cr, CAIRO_OPERATOR_CLEAR);
        cairo_paint(t->cr);
        cairo_restore(t->cr);
        cairo_save(t->cr);
        /* Cairo's user units here are pixels at the layout's resolution: a point is opt_dpi / 72 of them. */
        cairo_scale(t->cr, scale * 72.0 / opt_dpi, scale * 72.0 / opt_dpi);
        cairo_move_to(t->cr, opt_edge_outside * em * opt_dpi / 72.0, opt_edge_band * em * opt_dpi / 72.0);
        pango_cairo_show_layout_line(t->cr, line);
        cairo_restore(t->cr);
        cairo_surface_flush(t->strip);
        const unsigned char *data = cairo_image_surface_get_data(t->strip);
        int stride = cairo_image_surface_get_stride(t->strip);
        double *ink = calloc((size_t)w, sizeof(double));
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) ink[x] += data[y * stride + x] / 255.0;
        int span = MIN(w, (int)ceil((opt_edge_outside + opt_edge_inside) * em * scale));
        double threshold = opt_edge_stem * em * opt_edge_band * em * scale * scale;
        double l = ink_reach(ink, 0, 1, span, threshold), r = ink_reach(ink, w - 1, -1, span, threshold);
        if (l >= 0) left = l / scale - opt_edge_outside * em;
        if (r >= 0) right = width - ((w - r) / scale - opt_edge_outside * em);
        free(ink);
    }
    if (isnan(left)) g_string_append_printf(t->edges, "%s[null,", t->edges->len > 1 ? "," : "");
    else g_string_append_printf(t->edges, "%s[%.3f,", t->edges->len > 1 ? "," : "", left);
    if (isnan(right)) g_string_append(t->edges, "null]"); else g_string_append_printf(t->edges, "%.3f]", right);
}

/* One "typo_lines" entry per line: [natural, spaces, hyphenated, last, page, paragraph, index, count]. */
static void typo_visit(void *context, int para, long page, PangoLayoutLine *line, int line_index, int line_count) {
    TypoContext *t = context;
    GString *json = t->lines;
    const char *text = paras[para].text;
    int line_end = line->start_index + line->length;
    /* Trailing white space hangs: find where the visible content ends. */
    int visible_end = line_end;
    while (visible_end > line->start_index) {
        const char *prev = g_utf8_prev_char(text + visible_end);
        gunichar c = g_utf8_get_char(prev);
        if (!g_unichar_isspace(c)) break;
        visible_end = (int)(prev - text);
    }
    int hyphenated = line_index < line_count - 1 && line_end >= 2 && (unsigned char)text[line_end - 2] == 0xC2
                     && (unsigned char)text[line_end - 1] == 0xAD;
    long natural = 0, spaces = 0;
    for (GSList *r = line->runs; r; r = r->next) {
        PangoGlyphItem *run = r->data;
        for (int g = 0; g < run->glyphs->num_glyphs; g++) {
            int byte = run->item->offset + run->glyphs->log_clusters[g];
            int width = run->glyphs->glyphs[g].geometry.width;
            /* The hyphen Pango draws at a soft hyphen belongs to the soft hyphen's cluster, at the line's end. */
            if (byte >= visible_end && !(hyphenated && byte == line_end - 2)) continue;
            natural += width;
            if (text[byte] == ' ') spaces += width;
        }
    }
    g_string_append_printf(json, "%s[%.3f,%.3f,%d,%d,%ld,%d,%d,%d]", json->len > 1 ? "," : "", units_to_pt((int)natural),
                           units_to_pt((int)spaces), hyphenated, line_index == line_count - 1, page, para, line_index, line_count);
    if (opt_justify) typo_justified(t, para, line_index, visible_end, line_index == line_count - 1);
}

static void typo_section(PangoLayout **layouts) {
    TypoContext t = { g_string_new("["), g_string_new("["), g_string_new("["), layouts, NULL, -1, NULL, NULL };
    if (opt_justify && opt_edge_scale > 0) {
        int w = (int)ceil((opt_width + 2 * opt_edge_outside * opt_size) * opt_edge_scale);
        int h = (int)ceil(opt_edge_band * opt_size * opt_edge_scale);
        t.strip = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h);
        t.cr = cairo_create(t.strip);
    }
    paginate_visitor = typo_visit;
    paginate_visitor_context = &t;
    PageCount count = paginate(layouts, -1, NULL, NULL);
    paginate_visitor = NULL;
    if (t.justified) g_object_unref(t.justified);
    if (t.cr) { cairo_destroy(t.cr); cairo_surface_destroy(t.strip); }
    GString *parts[] = { t.lines, t.gaps, t.edges };
    const char *keys[] = { "typo_lines", "typo_gaps", "typo_edges" };
    for (int i = 0; i < 3; i++) {
        g_string_append(parts[i], "]");
        if (i == 0 || opt_justify) { emit_key(keys[i]); g_string_append(out, parts[i]->str); }
        g_string_free(parts[i], TRUE);
    }
    emit_number("typo_pages", (double)count.pages);
}

/* The breaks section: each paragraph's line starts after its first, in UTF-16 units. */
static void breaks_section(Engine *e, int width) {
    emit_key("breaks");
    g_string_append_c(out, '[');
    for (int i = 0; i < n_paras; i++) {
        PangoLayout *layout = layout_paragraph(e, &paras[i], width);
        g_string_append(out, i ? ",[" : "[");
        GSList *lines = pango_layout_get_lines_readonly(layout);
        int first = 1;
        long utf16 = 0;
        const char *p = paras[i].text;
        for (GSList *l = lines; l; l = l->next) {
            PangoLayoutLine *line = l->data;
            if (line->start_index == 0) continue;
            const char *target = paras[i].text + line->start_index;
            for (; p < target; p = g_utf8_next_char(p)) utf16 += g_utf8_get_char(p) >= 0x10000 ? 2 : 1;
            g_string_append_printf(out, first ? "%ld" : ",%ld", utf16);
            first = 0;
        }
        g_string_append_c(out, ']');
        g_object_unref(layout);
    }
    g_string_append_c(out, ']');
}

static void usage(void) {
    fprintf(stderr, "usage: pango-peer --text FILE [--font FAMILY] [--size PT] [--width PT] [--page-height PT] [--dpi N]\n"
                    "       [--line-spacing F | --line-height PT] [--para-spacing PT] [--relayout-width PT] [--runs N] [--warmup N]\n"
                    "       [--hit-count N] [--render-page K] [--render-dpi2 N] [--no-hint-metrics] [--png-out FILE]\n"
                    "       [--justify] [--hyphenate DICT [--hyph-min N] [--hyph-left N] [--hyph-right N]]\n"
                    "       [--optical-edges BAND,STEM,OUTSIDE,INSIDE,SCALE]\n"
                    "       [--sections shape,layout,layout2,relayout,render,hit,typo | memory]\n");
    exit(2);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
#define VALUE() (i + 1 < argc ? argv[++i] : (usage(), ""))
        if (!strcmp(a, "--text")) opt_text = VALUE();
        else if (!strcmp(a, "--font")) opt_family = VALUE();
        else if (!strcmp(a, "--size")) opt_size = atof(VALUE());
        else if (!strcmp(a, "--width")) opt_width = atof(VALUE());
        else if (!strcmp(a, "--page-height")) opt_page_height = atof(VALUE());
        else if (!strcmp(a, "--dpi")) opt_dpi = atof(VALUE());
        else if (!strcmp(a, "--render-dpi2")) opt_render_dpi2 = atof(VALUE());
        else if (!strcmp(a, "--line-spacing")) opt_line_spacing = atof(VALUE());
        else if (!strcmp(a, "--line-height")) opt_line_height = atof(VALUE());
        else if (!strcmp(a, "--para-spacing")) opt_para_spacing = atof(VALUE());
        else if (!strcmp(a, "--relayout-width")) opt_relayout_width = atof(VALUE());
        else if (!strcmp(a, "--runs")) opt_runs = atoi(VALUE());
        else if (!strcmp(a, "--warmup")) opt_warmup = atoi(VALUE());
        else if (!strcmp(a, "--hit-count")) opt_hit_count = atoi(VALUE());
        else if (!strcmp(a, "--render-page")) opt_render_page = atoi(VALUE());
        else if (!strcmp(a, "--sections")) opt_sections = VALUE();
        else if (!strcmp(a, "--png-out")) opt_png_out = VALUE();
        else if (!strcmp(a, "--no-hint-metrics")) opt_hint_metrics = 0;
        else if (!strcmp(a, "--no-round-positions")) opt_round_positions = 0;
        else if (!strcmp(a, "--justify")) opt_justify = 1;
        else if (!strcmp(a, "--hyphenate")) opt_hyphenate = VALUE();
        else if (!strcmp(a, "--hyph-min")) opt_hyph_min = atoi(VALUE());
        else if (!strcmp(a, "--hyph-left")) opt_hyph_left = atoi(VALUE());
        else if (!strcmp(a, "--hyph-right")) opt_hyph_right = atoi(VALUE());
        else if (!strcmp(a, "--optical-edges")) {
            if (sscanf(VALUE(), "%lf,%lf,%lf,%lf,%lf", &opt_edge_band, &opt_edge_stem, &opt_edge_outside, &opt_edge_inside,
                       &opt_edge_scale) != 5 || opt_edge_band <= 0 || opt_edge_stem <= 0 || opt_edge_outside < 0
                || opt_edge_inside <= 0 || opt_edge_scale <= 0 || opt_edge_scale > 16) {
                fprintf(stderr, "pango-peer: --optical-edges wants BAND,STEM,OUTSIDE,INSIDE,SCALE (ems, pixels per point)\n");
                return 2;
            }
        }
        else usage();
#undef VALUE
    }
    if (!opt_text || opt_runs < 1 || opt_warmup < 0 || opt_hit_count < 1) usage();

    out = g_string_new("{");
    emit_string("pango_version", pango_version_string());
    emit_string("cairo_version", cairo_version_string());
    emit_string("harfbuzz_version", hb_version_string());

    if (has_section("memory")) {
        /* Fresh process: the text is read and the fonts warmed (one paragraph laid out and freed) before the
           baseline, so the difference is what the kept layouts cost. */
        read_input();
        Engine e = engine_new();
        if (n_paras > 0) g_object_unref(layout_paragraph(&e, &paras[0], pt_to_units(opt_width)));
        long before = vm_hwm_kb();
        PangoLayout **layouts = calloc((size_t)n_paras, sizeof *layouts);
        layout_range(&e, layouts, 0, n_paras, pt_to_units(opt_width));
        long after = vm_hwm_kb();
        emit_number("utf16_units", (double)total_utf16);
        emit_number("paragraphs", n_paras);
        emit_number("vm_hwm_before_kb", (double)before);
        emit_number("vm_hwm_after_kb", (double)after);
        emit_number("memory_bytes_per_utf16", (double)(after - before) * 1024.0 / (double)total_utf16);
        free_layouts(layouts);
        free(layouts);
        engine_free(&e);
        g_string_append(out, "\n}\n");
        fputs(out->str, stdout);
        return 0;
    }

    read_input();
    if (opt_hyphenate) insert_soft_hyphens();
    emit_string("text", opt_text);
    emit_string("font", opt_family);
    emit_number("size_pt", opt_size);
    emit_number("width_pt", opt_width);
    emit_number("page_height_pt", opt_page_height);
    emit_number("dpi", opt_dpi);
    emit_number("hint_metrics", opt_hint_metrics);
    emit_number("runs", opt_runs);
    emit_number("paragraphs", n_paras);
    emit_number("utf16_units", (double)total_utf16);

    Engine e = engine_new();
    const int width = pt_to_units(opt_width);
    PangoLayout **layouts = calloc((size_t)n_paras, sizeof *layouts);
    double *a = malloc(sizeof(double) * (size_t)opt_runs), *b = malloc(sizeof(double) * (size_t)opt_runs);
    double *c = malloc(sizeof(double) * (size_t)opt_runs), *cpu = malloc(sizeof(double) * (size_t)opt_runs);

    if (has_section("shape")) {
        long glyphs = 0;
        for (int run = -opt_warmup; run < opt_runs; run++) {
            double t0 = now_ms(), c0 = cpu_ms();
            glyphs = shape_all_pango(&e);
            if (run >= 0) { a[run] = now_ms() - t0; cpu[run] = cpu_ms() - c0; }
        }
        emit_stats("shape_ms", a, opt_runs);
        emit_stats("shape_cpu_ms", cpu, opt_runs);
        emit_number("shape_glyphs", (double)glyphs);
        PangoFont *font = pango_context_load_font(e.context, e.font);
        hb_font_t *hb = pango_font_get_hb_font(font);
        hb_buffer_t *buffer = hb_buffer_create();
        for (int run = -opt_warmup; run < opt_runs; run++) {
            double t0 = now_ms(), c0 = cpu_ms();
            glyphs = shape_all_harfbuzz(hb, buffer);
            if (run >= 0) { a[run] = now_ms() - t0; cpu[run] = cpu_ms() - c0; }
        }
        emit_stats("harfbuzz_shape_ms", a, opt_runs);
        emit_stats("harfbuzz_shape_cpu_ms", cpu, opt_runs);
        emit_number("harfbuzz_glyphs", (double)glyphs);
        hb_buffer_destroy(buffer);
        g_object_unref(font);
    }

    int have_layouts = 0;
    if (has_section("layout") || has_section("relayout") || has_section("render") || has_section("hit") || has_section("typo")) {
        PageCount count = { 0, 0 };
        int timed = has_section("layout");
        int runs = timed ? opt_runs : 1, warmup = timed ? opt_warmup : 0;
        for (int run = -warmup; run < runs; run++) {
            free_layouts(layouts);
            double t0 = now_ms(), c0 = cpu_ms();
            layout_range(&e, layouts, 0, n_paras, width);
            double t1 = now_ms();
            count = paginate(layouts, -1, NULL, NULL);
            double t2 = now_ms();
            if (run >= 0) { a[run] = t1 - t0; b[run] = t2 - t1; c[run] = t2 - t0; cpu[run] = cpu_ms() - c0; }
        }
        have_layouts = 1;
        if (timed) {
            emit_stats("layout_ms", a, opt_runs);
            emit_stats("paginate_ms", b, opt_runs);
            emit_stats("layout_paginate_ms", c, opt_runs);
            emit_stats("layout_paginate_cpu_ms", cpu, opt_runs);
        }
        emit_number("lines", (double)count.lines);
        emit_number("pages", (double)count.pages);
    }

    if (has_section("layout2")) {
        PangoLayout **layouts2 = calloc((size_t)n_paras, sizeof *layouts2);
        int mid = split_point();
        PageCount count = { 0, 0 };
        /* One font map and context per thread (Pango objects are not thread-safe), made once and kept warm
           across runs as the single-thread engine is. */
        Engine engines[2] = { engine_new(), engine_new() };
        for (int run = -opt_warmup; run < opt_runs; run++) {
            free_layouts(layouts2);
            double t0 = now_ms(), c0 = cpu_ms();
            ThreadJob jobs[2] = { { &engines[0], layouts2, 0, mid, width }, { &engines[1], layouts2, mid, n_paras, width } };
            pthread_t thread;
            pthread_create(&thread, NULL, layout_thread, &jobs[1]);
            layout_thread(&jobs[0]);
            pthread_join(thread, NULL);
            double t1 = now_ms();
            count = paginate(layouts2, -1, NULL, NULL);
            double t2 = now_ms();
            if (run >= 0) { a[run] = t1 - t0; c[run] = t2 - t0; cpu[run] = cpu_ms() - c0; }
        }
        emit_stats("layout_t2_ms", a, opt_runs);
        emit_stats("layout_paginate_t2_ms", c, opt_runs);
        emit_stats("layout_paginate_t2_cpu_ms", cpu, opt_runs);
        emit_number("lines_t2", (double)count.lines);
        free_layouts(layouts2);
        free(layouts2);
        engine_free(&engines[0]);
        engine_free(&engines[1]);
    }

    if (has_section("relayout") && have_layouts) {
        const int new_width = pt_to_units(opt_relayout_width);
        PageCount count = { 0, 0 };
        for (int run = -opt_warmup; run < opt_runs; run++) {
            /* Back to the first width, untimed, so each timed pass really changes the width. */
            for (int i = 0; i < n_paras; i++) {
                PangoRectangle r;
                pango_layout_set_width(layouts[i], width);
                pango_layout_get_extents(layouts[i], NULL, &r);
            }
            double t0 = now_ms(), c0 = cpu_ms();
            for (int i = 0; i < n_paras; i++) {
                PangoRectangle r;
                pango_layout_set_width(layouts[i], new_width);
                pango_layout_get_extents(layouts[i], NULL, &r);
            }
            count = paginate(layouts, -1, NULL, NULL);
            if (run >= 0) { a[run] = now_ms() - t0; cpu[run] = cpu_ms() - c0; }
        }
        emit_stats("relayout_ms", a, opt_runs);
        emit_stats("relayout_cpu_ms", cpu, opt_runs);
        emit_number("relayout_width_pt", opt_relayout_width);
        emit_number("relayout_lines", (double)count.lines);
        emit_number("relayout_pages", (double)count.pages);
        for (int i = 0; i < n_paras; i++) {
            PangoRectangle r;
            pango_layout_set_width(layouts[i], width);
            pango_layout_get_extents(layouts[i], NULL, &r);
        }
    }

    if (has_section("render") && have_layouts) render_section(layouts);
    if (has_section("typo") && have_layouts) typo_section(layouts);
    if (has_section("breaks")) breaks_section(&e, width);

    if (has_section("hit") && have_layouts) {
        PageCount count = paginate(layouts, -1, NULL, NULL);
        hit_test_page(layouts, count.pages / 2, "middle");
        hit_test_page(layouts, count.pages - 1, "last");
    }

    free_layouts(layouts);
    free(layouts); free(a); free(b); free(c); free(cpu);
    engine_free(&e);
    g_string_append(out, "\n}\n");
    fputs(out->str, stdout);
    return 0;
}
