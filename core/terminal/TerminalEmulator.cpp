#include "TerminalEmulator.h"

#include "core/terminal/TerminalInputFilter_p.h"
#include "core/terminal/TerminalParserGuard_p.h"
#include "core/terminal/TerminalPaste.h"
#include "core/terminal/TerminalPlainRun_p.h"
#include "core/terminal/TerminalScreen_p.h"

#include <QPointer>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <utility>

#include <vterm.h>

// libvterm's API moved between releases; one number to test against. Releases before 0.1 had no
// version macros at all and count as 0.0 here.
#if defined(VTERM_VERSION_MAJOR) && defined(VTERM_VERSION_MINOR)
#define TERRARIUM_VTERM_VERSION (VTERM_VERSION_MAJOR * 100 + VTERM_VERSION_MINOR)
#else
#define TERRARIUM_VTERM_VERSION 0
#endif
// 0.2: OSC strings (the title) arrive as fragments; the pen knows SGR 8 (conceal).
#define TERRARIUM_VTERM_FRAGMENTS (TERRARIUM_VTERM_VERSION >= 2)
// 0.3: the state's resize callback gets the cursor in VTermStateFields instead of a delta, and
// ED 3 (erase scrollback) arrives through sb_clear.
#define TERRARIUM_VTERM_STATE_FIELDS (TERRARIUM_VTERM_VERSION >= 3)
// 0.2: ESC and a letter is read as that C1 control; only ESC \ ends a string.
#define TERRARIUM_VTERM_PARSER_DIALECT                                                             \
    (TERRARIUM_VTERM_VERSION >= 2 ? TerminalParserGuard::Dialect::Libvterm02                       \
                                  : TerminalParserGuard::Dialect::Libvterm01)
// Colours tagged as default/indexed/RGB (0.1.4 has it, as does 0.3). Before that a colour was
// plain RGB with the palette already applied; there the kind is recovered by comparing.
#if defined(VTERM_COLOR_IS_INDEXED)
#define TERRARIUM_VTERM_TAGGED_COLORS 1
#else
#define TERRARIUM_VTERM_TAGGED_COLORS 0
#endif

static_assert(VTERM_MAX_CHARS_PER_CELL <= Terrarium::Core::ScreenCell::MaxChars);

namespace Terrarium::Core {

QString TerminalEmulator::libraryVersion()
{
    return QStringLiteral(TERRARIUM_LIBVTERM_VERSION);
}

namespace {

constexpr int DefaultScrollbackLimit = 10000;
// Beyond these a screen is a mistake (or an attack on memory): the screen keeps rows × columns
// cells of 36 bytes, twice with the alternate screen.
constexpr int MaxRows = 1000;
constexpr int MaxColumns = 2000;
// A title longer than this is cut (0.2+ hands it over in pieces, with no limit of its own).
constexpr qsizetype MaxTitleBytes = 4096;

struct VTermDeleter
{
    void operator()(VTerm *vt) const { vterm_free(vt); }
};

// libvterm's memory comes from here, so that the resize callback can reallocate what libvterm
// will free (see Private::onResize). Zeroed, as libvterm expects.
void *allocateForVTerm(size_t size, void *)
{
    return std::calloc(1, size);
}

void freeForVTerm(void *pointer, void *)
{
    std::free(pointer);
}

VTermAllocatorFunctions vtermAllocator{.malloc = &allocateForVTerm, .free = &freeForVTerm};

int clampRows(int rows)
{
    return std::clamp(rows, 1, MaxRows);
}

int clampColumns(int columns)
{
    return std::clamp(columns, 1, MaxColumns);
}

VTermModifier toVTermModifier(TerminalModifiers modifiers)
{
    int mod = VTERM_MOD_NONE;
    if (modifiers & TerminalModifier::Shift)
        mod |= VTERM_MOD_SHIFT;
    if (modifiers & TerminalModifier::Alt)
        mod |= VTERM_MOD_ALT;
    if (modifiers & TerminalModifier::Control)
        mod |= VTERM_MOD_CTRL;
    return VTermModifier(mod);
}

VTermKey toVTermKey(TerminalKey key)
{
    switch (key) {
    case TerminalKey::Enter:
        return VTERM_KEY_ENTER;
    case TerminalKey::Tab:
        return VTERM_KEY_TAB;
    case TerminalKey::Backspace:
        return VTERM_KEY_BACKSPACE;
    case TerminalKey::Escape:
        return VTERM_KEY_ESCAPE;
    case TerminalKey::Up:
        return VTERM_KEY_UP;
    case TerminalKey::Down:
        return VTERM_KEY_DOWN;
    case TerminalKey::Left:
        return VTERM_KEY_LEFT;
    case TerminalKey::Right:
        return VTERM_KEY_RIGHT;
    case TerminalKey::Insert:
        return VTERM_KEY_INS;
    case TerminalKey::Delete:
        return VTERM_KEY_DEL;
    case TerminalKey::Home:
        return VTERM_KEY_HOME;
    case TerminalKey::End:
        return VTERM_KEY_END;
    case TerminalKey::PageUp:
        return VTERM_KEY_PAGEUP;
    case TerminalKey::PageDown:
        return VTERM_KEY_PAGEDOWN;
    case TerminalKey::F1:
    case TerminalKey::F2:
    case TerminalKey::F3:
    case TerminalKey::F4:
    case TerminalKey::F5:
    case TerminalKey::F6:
    case TerminalKey::F7:
    case TerminalKey::F8:
    case TerminalKey::F9:
    case TerminalKey::F10:
    case TerminalKey::F11:
    case TerminalKey::F12:
        return VTermKey(VTERM_KEY_FUNCTION(1 + int(key) - int(TerminalKey::F1)));
    case TerminalKey::KeypadEnter:
        return VTERM_KEY_KP_ENTER;
    case TerminalKey::Keypad0:
    case TerminalKey::Keypad1:
    case TerminalKey::Keypad2:
    case TerminalKey::Keypad3:
    case TerminalKey::Keypad4:
    case TerminalKey::Keypad5:
    case TerminalKey::Keypad6:
    case TerminalKey::Keypad7:
    case TerminalKey::Keypad8:
    case TerminalKey::Keypad9:
        return VTermKey(VTERM_KEY_KP_0 + (int(key) - int(TerminalKey::Keypad0)));
    case TerminalKey::KeypadPeriod:
        return VTERM_KEY_KP_PERIOD;
    case TerminalKey::KeypadComma:
        return VTERM_KEY_KP_COMMA;
    case TerminalKey::KeypadPlus:
        return VTERM_KEY_KP_PLUS;
    case TerminalKey::KeypadMinus:
        return VTERM_KEY_KP_MINUS;
    case TerminalKey::KeypadMultiply:
        return VTERM_KEY_KP_MULT;
    case TerminalKey::KeypadDivide:
        return VTERM_KEY_KP_DIVIDE;
    case TerminalKey::KeypadEqual:
        return VTERM_KEY_KP_EQUAL;
    }
    return VTERM_KEY_NONE;
}

// The keypad keys close TerminalKey, from KeypadEnter on.
bool isKeypadKey(TerminalKey key)
{
    return key >= TerminalKey::KeypadEnter && key <= TerminalKey::KeypadEqual;
}

// What Ctrl plus a character sends in xterm's default (legacy) keyboard mode: the C0 control
// for letters and the usual punctuation, the character itself otherwise. libvterm would send
// CSI u sequences for some of these (Ctrl+I, Ctrl+M, Ctrl+[), which shells print as junk.
char32_t controlCharacter(char32_t c)
{
    if (c < 0x20 || c == 0x7f)
        return c; // already a control character (what QKeyEvent::text() gives for Ctrl+C)
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 1;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 1;
    switch (c) {
    case ' ':
    case '@':
    case '2':
        return 0x00;
    case '[':
    case '3':
        return 0x1b;
    case '\\':
    case '4':
        return 0x1c;
    case ']':
    case '5':
        return 0x1d;
    case '^':
    case '~':
    case '6':
        return 0x1e;
    case '_':
    case '/':
    case '7':
        return 0x1f;
    case '?':
    case '8':
        return 0x7f;
    default:
        return c;
    }
}

void appendUtf8(QByteArray &out, char32_t c)
{
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xc0 | (c >> 6));
        out += char(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
        out += char(0xe0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3f));
        out += char(0x80 | (c & 0x3f));
    } else {
        out += char(0xf0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3f));
        out += char(0x80 | ((c >> 6) & 0x3f));
        out += char(0x80 | (c & 0x3f));
    }
}

} // namespace

// libvterm does the parsing and keeps the terminal's state (cursor, modes, pen, tab stops);
// through the state layer's callbacks it draws on a TerminalScreen of ours. (Its own screen layer
// copies the whole screen for every line scrolled and builds every scrolled-off line cell by
// cell; this way a flood of output runs 1.6 times as fast at 80×24 and 4 times at 200×50.)
// The cursor is read from the state when wanted; the movecursor callback only serves to tell
// auto-wraps from explicit line feeds.
//
// Soft wraps: libvterm 0.1 wraps without saying so (0.3's line info has a flag for it, 0.1's
// does not). A glyph drawn at column 0 right after one that reached the end of the row above,
// with no cursor motion in between, is a wrap: the state layer reports every motion but the
// ones inside a run of text, and a wrap is the only way a run of text gets to column 0 of the
// next row. A line feed or cursor motion down from a row ends it there.
struct TerminalEmulator::Private
{
    Private(TerminalEmulator *q, int rows, int columns)
        : q(q)
        , screen(rows, columns, DefaultScrollbackLimit)
        , parser(TERRARIUM_VTERM_PARSER_DIALECT)
    { }

    // libvterm callbacks (user data: this). They only record; signals go out later, from
    // deliverUpdate() or at the end of the public call, never from inside libvterm.
    static int onPutGlyph(VTermGlyphInfo *info, VTermPos position, void *user);
    static int onMoveCursor(VTermPos position, VTermPos old, int visible, void *user);
    static int onScrollRect(VTermRect rect, int downward, int rightward, void *user);
    static int onErase(VTermRect rect, int selective, void *user);
    static int onInitPen(void *user);
    static int onSetPenAttr(VTermAttr attribute, VTermValue *value, void *user);
    static int onSetTermProp(VTermProp prop, VTermValue *value, void *user);
    static int onBell(void *user);
#if TERRARIUM_VTERM_STATE_FIELDS
    static int onResize(int rows, int columns, VTermStateFields *fields, void *user);
    static int onClearScrollback(void *user);
#else
    static int onResize(int rows, int columns, VTermPos *delta, void *user);
#endif
    static void onOutput(const char *bytes, size_t length, void *user);
    // What libvterm calls; static, since libvterm keeps the pointer.
    static const VTermStateCallbacks &stateCallbacks();

    void markWrap(VTermPos glyph);
    void forgetWrap()
    {
        wrapRow = NoRow;
        textCursor = {-1, -1};
        marginReached = false;
    }
    void postUpdate();
    void deliverUpdate();
    void flushOutput();
    void resetScrollRegion();
    // Hands `data` to libvterm.
    void feed(QByteArrayView data);
    // The plain bytes a write starts with (TerminalInputFilter::plainPrefix()), when libvterm
    // would write text plainly (TerminalParserGuard::wasWritingTextPlainly()): runs of printable
    // ASCII go onto the screen here, everything else to libvterm, in order. Text was most of
    // libvterm's work: a glyph callback per character.
    // Returns how many of the bytes are done; the rest go to libvterm with the rest of the write.
    qsizetype writePlain(QByteArrayView plain);
    // libvterm's cursor, where text is written plainly there (no wrap pending, not on a
    // double-width line); row -1 otherwise.
    VTermPos plainTextCursor() const;
    void putPlainText(const char *text, int count);
    // Tells libvterm where the text written here left the cursor.
    void catchUpCursor();
    // REP, done here instead of in libvterm (TerminalParserGuard).
    void repeatLastGlyph(int count);
    void setTitle(const QByteArray &utf8);
    // A string fragment's bytes, never past those of the write under way: libvterm 0.3.3 can
    // report a fragment of about 2^30 bytes (found by fuzz_terminal_input: a title with NUL
    // bytes and an ESC, cut across writes).
    QByteArrayView fragmentBytes(const char *str, size_t length) const;
    quint32 packColor(const VTermColor &color, bool foreground) const;

    TerminalEmulator *q;
    std::unique_ptr<VTerm, VTermDeleter> vt;
    bool textShortcut = true;
    // Where text written by writePlain() left the cursor while libvterm's is still where the text
    // began (the row is the same); row -1: libvterm's cursor is current.
    VTermPos plainCursor{-1, -1};
    VTermState *state = nullptr;
    TerminalScreen screen;
    // Mends the program's output where libvterm 0.1 falls short (see TerminalInputFilter).
    TerminalInputFilter input;
    // Every byte for libvterm goes through here last.
    TerminalParserGuard parser;
#if !TERRARIUM_VTERM_TAGGED_COLORS
    VTermColor defaultForeground{};
    VTermColor defaultBackground{};
    VTermColor palette[16]{};
#endif

    // Soft wraps (see above). wrapRow: the row whose end the last glyph reached while the cursor
    // has not moved since (followed through scrolling; negative once in the scrollback);
    // textCursor: where that glyph left the cursor, i.e. where a run of text ends.
    static constexpr int NoRow = std::numeric_limits<int>::min();
    int wrapRow = NoRow;
    VTermPos textCursor{-1, -1};
    // The last glyph reached the right margin and the cursor has not moved since: libvterm may
    // keep a wrap pending, with the cursor in the last column or, after a wide glyph, the one
    // before it.
    bool marginReached = false;

    // What changed since the last deliverUpdate() (the screen keeps its own damage).
    bool updatePosted = false;
    bool titlePending = false;
    bool bellPending = false;
    TerminalCursor announcedCursor;
    // The last glyph libvterm put, for REP: its characters (0-ended when fewer) and width.
    std::array<char32_t, ScreenCell::MaxChars> lastGlyph{};
    int lastGlyphWidth = 0;

    bool cursorVisible = true;
    bool cursorBlinking = true;
    TerminalCursor::Shape cursorShape = TerminalCursor::Shape::Block;
    TerminalMouseMode mouseMode = TerminalMouseMode::None;
    QString title;
    QByteArray titleFragments;
    // The bytes of the vterm_input_write() under way: every string fragment libvterm reports
    // lies within them.
    QByteArrayView writing;

    // Bytes for the program, collected during one call into libvterm.
    QByteArray output;
    // While set, output goes here instead (to ask libvterm what it would send).
    QByteArray *capture = nullptr;
};

const VTermStateCallbacks &TerminalEmulator::Private::stateCallbacks()
{
    static const VTermStateCallbacks callbacks = [] {
        VTermStateCallbacks callbacks{};
        callbacks.putglyph = &onPutGlyph;
        callbacks.movecursor = &onMoveCursor;
        // Always handled, so libvterm never falls back to moverect + erase.
        callbacks.scrollrect = &onScrollRect;
        callbacks.erase = &onErase;
        callbacks.initpen = &onInitPen;
        callbacks.setpenattr = &onSetPenAttr;
        callbacks.settermprop = &onSetTermProp;
        callbacks.bell = &onBell;
        callbacks.resize = &onResize;
#if TERRARIUM_VTERM_STATE_FIELDS
        callbacks.sb_clear = &onClearScrollback;
#endif
        return callbacks;
    }();
    return callbacks;
}

int TerminalEmulator::Private::onPutGlyph(VTermGlyphInfo *info, VTermPos position, void *user)
{
    auto *d = static_cast<Private *>(user);
    TerminalScreen &screen = d->screen;
    if (position.row < 0 || position.row >= screen.rows() || position.col < 0
        || position.col >= screen.columns())
        return 1;
    if (position.col == 0 && d->wrapRow == position.row - 1)
        d->markWrap(position);
    d->lastGlyph =
        screen.putGlyph(position.row, position.col, info->chars, info->width, info->protected_cell);
    d->lastGlyphWidth = info->width;
    // A wide character that does not fit in the last column wraps too, one column early.
    const int end = position.col + info->width;
    d->wrapRow = end >= screen.columns() - 1 ? position.row : NoRow;
    d->textCursor = {position.row, end < screen.columns() ? end : position.col};
    d->marginReached = end >= screen.columns();
    // No postUpdate() here or in the other drawing callbacks: they only run inside write() and
    // resize(), which post the update themselves (this is the path of every character).
    return 1;
}

void TerminalEmulator::Private::markWrap(VTermPos glyph)
{
    // In a wrap the cursor is on the glyph; DECALN fills the screen glyph by glyph without
    // moving it, and wraps nothing.
    VTermPos cursor{};
    vterm_state_get_cursorpos(state, &cursor);
    if (cursor.row == glyph.row && cursor.col == glyph.col)
        screen.setWrapped(glyph.row - 1, true);
}

int TerminalEmulator::Private::onMoveCursor(VTermPos position, VTermPos old, int visible,
                                            void *user)
{
    Q_UNUSED(visible)
    auto *d = static_cast<Private *>(user);
    if (position.row == d->textCursor.row && position.col == d->textCursor.col) {
        // libvterm reports a run of text once, at its end; that is no motion of its own, and
        // the next write may still wrap.
        d->textCursor = {-1, -1};
        return 1;
    }
    d->forgetWrap();
    // An explicit line feed (or cursor down): the row it leaves ends there.
    if (position.row == old.row + 1 && old.row >= 0 && old.row < d->screen.rows())
        d->screen.setWrapped(old.row, false);
    return 1;
}

namespace {

// A rectangle from libvterm, clipped to the screen; false when nothing is left of it.
bool clip(VTermRect &rect, int rows, int columns)
{
    rect.start_row = std::clamp(rect.start_row, 0, rows);
    rect.end_row = std::clamp(rect.end_row, 0, rows);
    rect.start_col = std::clamp(rect.start_col, 0, columns);
    rect.end_col = std::clamp(rect.end_col, 0, columns);
    return rect.start_row < rect.end_row && rect.start_col < rect.end_col;
}

} // namespace

int TerminalEmulator::Private::onScrollRect(VTermRect rect, int downward, int rightward, void *user)
{
    auto *d = static_cast<Private *>(user);
    if (!clip(rect, d->screen.rows(), d->screen.columns()))
        return 1;
    if (downward != 0 && d->wrapRow >= rect.start_row && d->wrapRow < rect.end_row) {
        // The row that may be wrapping moves (the line feed of the wrap itself, at the bottom
        // of the scroll region); only whole rows keep their meaning, and only the primary
        // screen's top row has somewhere to go (the scrollback).
        const int moved = d->wrapRow - downward;
        const bool wholeRows =
            rightward == 0 && rect.start_col == 0 && rect.end_col == d->screen.columns();
        const bool intoScrollback = rect.start_row == 0 && !d->screen.isAlternate() && downward > 0;
        const bool kept = moved < rect.end_row && (moved >= rect.start_row || intoScrollback)
            && std::abs(downward) < rect.end_row - rect.start_row;
        d->wrapRow = wholeRows && kept ? moved : NoRow;
    }
    d->screen.scroll(rect.start_row, rect.start_col, rect.end_row, rect.end_col, downward,
                     rightward);
    return 1;
}

int TerminalEmulator::Private::onErase(VTermRect rect, int selective, void *user)
{
    auto *d = static_cast<Private *>(user);
    if (clip(rect, d->screen.rows(), d->screen.columns()))
        d->screen.erase(rect.start_row, rect.start_col, rect.end_row, rect.end_col, selective);
    return 1;
}

int TerminalEmulator::Private::onInitPen(void *user)
{
    static_cast<Private *>(user)->screen.pen() = TerminalPen();
    return 1;
}

int TerminalEmulator::Private::onSetPenAttr(VTermAttr attribute, VTermValue *value, void *user)
{
    auto *d = static_cast<Private *>(user);
    TerminalPen &pen = d->screen.pen();
    const auto setFlag = [&pen](quint16 flag, bool on) {
        pen.flags = on ? (pen.flags | flag) : (pen.flags & ~flag);
    };
    switch (attribute) {
    case VTERM_ATTR_BOLD:
        setFlag(PackedCell::Bold, value->boolean);
        break;
    case VTERM_ATTR_UNDERLINE:
        pen.flags = quint16((pen.flags & ~PackedCell::UnderlineMask)
                            | ((std::clamp(value->number, 0, 3) << PackedCell::UnderlineShift)
                               & PackedCell::UnderlineMask));
        break;
    case VTERM_ATTR_ITALIC:
        setFlag(PackedCell::Italic, value->boolean);
        break;
    case VTERM_ATTR_BLINK:
        setFlag(PackedCell::Blink, value->boolean);
        break;
    case VTERM_ATTR_REVERSE:
        setFlag(PackedCell::Reverse, value->boolean);
        break;
    case VTERM_ATTR_STRIKE:
        setFlag(PackedCell::Strike, value->boolean);
        break;
#if TERRARIUM_VTERM_FRAGMENTS
    case VTERM_ATTR_CONCEAL:
        setFlag(PackedCell::Conceal, value->boolean);
        break;
#endif
    case VTERM_ATTR_FOREGROUND:
        pen.foreground = d->packColor(value->color, true);
        break;
    case VTERM_ATTR_BACKGROUND:
        pen.background = d->packColor(value->color, false);
        break;
    default:
        break; // fonts, and what later versions add
    }
    return 1;
}

int TerminalEmulator::Private::onSetTermProp(VTermProp prop, VTermValue *value, void *user)
{
    auto *d = static_cast<Private *>(user);
    switch (prop) {
    case VTERM_PROP_CURSORVISIBLE:
        d->cursorVisible = value->boolean;
        break;
    case VTERM_PROP_CURSORBLINK:
        d->cursorBlinking = value->boolean;
        break;
    case VTERM_PROP_CURSORSHAPE:
        switch (value->number) {
        case VTERM_PROP_CURSORSHAPE_UNDERLINE:
            d->cursorShape = TerminalCursor::Shape::Underline;
            break;
        case VTERM_PROP_CURSORSHAPE_BAR_LEFT:
            d->cursorShape = TerminalCursor::Shape::Bar;
            break;
        default:
            d->cursorShape = TerminalCursor::Shape::Block;
            break;
        }
        break;
    case VTERM_PROP_ALTSCREEN: {
        // libvterm erases the alternate screen itself after switching to it, and (for 1049)
        // saves the cursor where it is now.
        d->forgetWrap();
        VTermPos cursor{};
        vterm_state_get_cursorpos(d->state, &cursor);
        d->screen.setAlternate(value->boolean, cursor.row);
        break;
    }
    case VTERM_PROP_REVERSE:
        d->screen.setReverse(value->boolean);
        break;
    case VTERM_PROP_TITLE:
#if TERRARIUM_VTERM_FRAGMENTS
        if (value->string.initial)
            d->titleFragments.clear();
        if (d->titleFragments.size() < MaxTitleBytes) {
            const QByteArrayView bytes = d->fragmentBytes(value->string.str, value->string.len);
            d->titleFragments.append(bytes.first(
                std::min<qsizetype>(bytes.size(), MaxTitleBytes - d->titleFragments.size())));
        }
        if (value->string.final)
            d->setTitle(std::exchange(d->titleFragments, {}));
#else
        d->setTitle(QByteArray(value->string ? value->string : "").left(MaxTitleBytes));
#endif
        break;
    case VTERM_PROP_MOUSE:
        switch (value->number) {
        case VTERM_PROP_MOUSE_CLICK:
            d->mouseMode = TerminalMouseMode::Click;
            break;
        case VTERM_PROP_MOUSE_DRAG:
            d->mouseMode = TerminalMouseMode::Drag;
            break;
        case VTERM_PROP_MOUSE_MOVE:
            d->mouseMode = TerminalMouseMode::Move;
            break;
        default:
            d->mouseMode = TerminalMouseMode::None;
            break;
        }
        break;
    default:
        break;
    }
    d->postUpdate();
    // 1: accepted. libvterm only stores a property (and switches screens) when the callback
    // agrees.
    return 1;
}

int TerminalEmulator::Private::onBell(void *user)
{
    auto *d = static_cast<Private *>(user);
    d->bellPending = true;
    d->postUpdate();
    return 1;
}

#if TERRARIUM_VTERM_STATE_FIELDS
int TerminalEmulator::Private::onResize(int rows, int columns, VTermStateFields *fields, void *user)
{
    auto *d = static_cast<Private *>(user);
    d->forgetWrap();
    const int oldRows = d->screen.rows();
    const int shift = d->screen.resize(rows, columns, fields->pos.row);
    fields->pos.row += shift;
    // From libvterm 0.3 on, a resize callback owns the per-line infos (double width, wrap
    // continuation) of both buffers: libvterm hands them over at their old size and uses what
    // comes back at the new one. Left as they were, a taller terminal wrote past their end.
    for (VTermLineInfo *&infos : fields->lineinfos) {
        if (!infos)
            continue;
        auto *resized = static_cast<VTermLineInfo *>(
            allocateForVTerm(size_t(rows) * sizeof(VTermLineInfo), nullptr));
        // The lines move with the text (shift: rows it went down, as lines came back from the
        // scrollback; negative when lines went to it).
        for (int row = 0; row < rows; ++row) {
            const int from = row - shift;
            if (from >= 0 && from < oldRows)
                resized[row] = infos[from];
        }
        freeForVTerm(infos, nullptr);
        infos = resized;
    }
    d->postUpdate();
    return 1;
}

int TerminalEmulator::Private::onClearScrollback(void *user)
{
    // ED 3 ("clear" does it): the program asked for the history to go.
    auto *d = static_cast<Private *>(user);
    d->screen.clearScrollback();
    d->postUpdate();
    return 1;
}
#else
int TerminalEmulator::Private::onResize(int rows, int columns, VTermPos *delta, void *user)
{
    auto *d = static_cast<Private *>(user);
    d->forgetWrap();
    VTermPos cursor{};
    vterm_state_get_cursorpos(d->state, &cursor);
    delta->row += d->screen.resize(rows, columns, cursor.row);
    d->postUpdate();
    return 1;
}
#endif

void TerminalEmulator::Private::onOutput(const char *bytes, size_t length, void *user)
{
    auto *d = static_cast<Private *>(user);
    (d->capture ? *d->capture : d->output).append(bytes, qsizetype(length));
}

void TerminalEmulator::Private::postUpdate()
{
    if (updatePosted)
        return;
    updatePosted = true;
    // Queued: whatever else happens in this turn of the event loop lands in the same update.
    QMetaObject::invokeMethod(
        q, [this] { deliverUpdate(); }, Qt::QueuedConnection);
}

void TerminalEmulator::Private::deliverUpdate()
{
    updatePosted = false;
    const QRect changed = screen.takeDamage();
    const bool scrolled = screen.takeScrollbackMoved();
    const bool titled = std::exchange(titlePending, false);
    const bool rang = std::exchange(bellPending, false);
    const TerminalCursor cursor = q->cursor();
    const bool cursorMoved = cursor != announcedCursor;
    announcedCursor = cursor;

    // A receiver may delete the emulator; stop as soon as it is gone.
    const QPointer<TerminalEmulator> alive(q);
    if (!changed.isEmpty())
        Q_EMIT q->contentsChanged(changed);
    if (alive && scrolled)
        Q_EMIT q->scrollbackChanged(screen.scrollback().size());
    if (alive && cursorMoved)
        Q_EMIT q->cursorChanged();
    if (alive && titled)
        Q_EMIT q->titleChanged(title);
    if (alive && rang)
        Q_EMIT q->bell();
}

void TerminalEmulator::Private::flushOutput()
{
    if (!output.isEmpty())
        Q_EMIT q->outputReady(std::exchange(output, {}));
}

// libvterm 0.1 keeps the scroll region (DECSTBM) of a taller screen when the terminal gets shorter,
// and its next scroll then moves a negative number of lines past the per-line infos (heap
// corruption: found by tests/fuzz/fuzz_terminal_input). So the region goes back to the whole
// screen, which a full-screen program sets again when it redraws after SIGWINCH; the cursor is put
// back where it was (DECSTBM homes it). Past the input filter, whose held-back bytes wait for the
// program's next write (libvterm's parser is at rest between writes), but through the parser
// guard, which follows every byte libvterm reads.
void TerminalEmulator::Private::resetScrollRegion()
{
    VTermPos cursor{};
    vterm_state_get_cursorpos(state, &cursor);
    // Without a scroll region, CUP in origin mode counts from the top row as well.
    const QByteArray reset = "\x1b[r\x1b[" + QByteArray::number(cursor.row + 1) + ';'
        + QByteArray::number(cursor.col + 1) + 'H';
    const QByteArrayView guarded = parser.guard(reset);
    vterm_input_write(vt.get(), guarded.data(), size_t(guarded.size()));
}

void TerminalEmulator::Private::feed(QByteArrayView data)
{
    if (data.isEmpty())
        return;
    writing = data;
    vterm_input_write(vt.get(), data.data(), size_t(data.size()));
    writing = {};
}

namespace {

bool isPrintable(unsigned char c)
{
    return c >= 0x20 && c < 0x7f;
}

// The end of the unit of a plain run (plainRunEnd()) at `at`: a control, a control sequence or a
// character, each complete there.
qsizetype plainUnitEnd(QByteArrayView plain, qsizetype at)
{
    const auto c = static_cast<unsigned char>(plain[at]);
    if (c == 0x1b) {
        qsizetype end = at + 2; // past ESC [
        while (end < plain.size() && (plain[end] < 0x40 || plain[end] > 0x7e))
            ++end;
        return std::min(end + 1, plain.size());
    }
    if (c < 0xc0)
        return at + 1;
    return std::min(at + (c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2), plain.size());
}

// Whether the next text from `at` on is ASCII; false when it is not, or when the run ends first.
bool nextTextIsAscii(QByteArrayView plain, qsizetype at)
{
    while (at < plain.size()) {
        const auto c = static_cast<unsigned char>(plain[at]);
        if (isPrintable(c))
            return true;
        if (c >= 0x80)
            return false;
        at = plainUnitEnd(plain, at);
    }
    return false;
}

} // namespace

// What libvterm would do with each character of printable ASCII, where it is plain: the glyph
// callback's work (onPutGlyph()) and the cursor moved on, which libvterm learns (CHA) before it
// reads anything that moves or reads the cursor; colours (SGR) and CR go to it in between as they
// are. Two cases stay libvterm's: the last column, where libvterm keeps a wrap pending, and the
// last character before text that is not ASCII or before the run ends, since libvterm joins a
// combining character to the last glyph it wrote itself.
qsizetype TerminalEmulator::Private::writePlain(QByteArrayView plain)
{
    const qsizetype size = plain.size();
    qsizetype fedTo = 0; // what came before went to libvterm or onto the screen
    const auto feedUpTo = [&](qsizetype end) {
        feed(plain.sliced(fedTo, end - fedTo));
        fedTo = end;
    };
    qsizetype at = 0;
    while (at < size) {
        const auto c = static_cast<unsigned char>(plain[at]);
        if (isPrintable(c)) {
            const qsizetype end = printableRunEnd(plain, at + 1);
            const qsizetype ownEnd = nextTextIsAscii(plain, end) ? end : end - 1;
            while (at < end) {
                VTermPos cursor{-1, -1};
                if (at < ownEnd) {
                    feedUpTo(at);
                    cursor = plainCursor.row >= 0 ? plainCursor : plainTextCursor();
                }
                const int room = cursor.row >= 0 ? screen.columns() - 1 - cursor.col : 0;
                if (room > 0) {
                    const int count = int(std::min<qsizetype>(room, ownEnd - at));
                    plainCursor = cursor;
                    putPlainText(plain.data() + at, count);
                    at += count;
                    fedTo = at;
                } else {
                    // For libvterm, with what follows: a combining character in the same write
                    // joins it even in the last column.
                    feedUpTo(at);
                    catchUpCursor();
                    ++at;
                }
            }
            continue;
        }
        const qsizetype unitEnd = plainUnitEnd(plain, at);
        if (plainCursor.row >= 0) {
            if (c == '\r') {
                // libvterm's cursor goes to column 0 as well; moving there from the text's end
                // ends a wrap.
                forgetWrap();
                plainCursor = {-1, -1};
            } else if (!(c == 0x1b && plain[unitEnd - 1] == 'm')) {
                feedUpTo(at);
                catchUpCursor();
            }
        }
        at = unitEnd;
    }
    // What is left (colours, CR, a last character) goes with the rest of the write, after the
    // cursor: none of it moves or reads the cursor but CR, and CR ended the text here.
    catchUpCursor();
    return fedTo;
}

VTermPos TerminalEmulator::Private::plainTextCursor() const
{
    VTermPos cursor{};
    vterm_state_get_cursorpos(state, &cursor);
    if (marginReached || cursor.row < 0 || cursor.row >= screen.rows() || cursor.col < 0
        || cursor.col >= screen.columns()
        || vterm_state_get_lineinfo(state, cursor.row)->doublewidth)
        return {-1, -1};
    return cursor;
}

void TerminalEmulator::Private::putPlainText(const char *text, int count)
{
    const int row = plainCursor.row;
    const int column = plainCursor.col;
    if (column == 0 && wrapRow == row - 1)
        markWrap(plainCursor);
    screen.putText(row, column, text, count);
    lastGlyph = {};
    lastGlyph[0] = char32_t(static_cast<unsigned char>(text[count - 1]));
    lastGlyphWidth = 1;
    const int end = column + count;
    wrapRow = end >= screen.columns() - 1 ? row : NoRow;
    textCursor = {row, end};
    plainCursor.col = end;
}

void TerminalEmulator::Private::catchUpCursor()
{
    if (plainCursor.row < 0)
        return;
    const VTermPos cursor = plainCursor;
    plainCursor = {-1, -1};
    // CHA: a whole control sequence, so libvterm's parser is at rest after it as before (the
    // parser guard, which does not see it, stays in step).
    std::array<char, 16> move{'\x1b', '['};
    char *end = std::to_chars(move.data() + 2, move.data() + move.size() - 1, cursor.col + 1).ptr;
    *end++ = 'G';
    feed(QByteArrayView(move.data(), end - move.data()));
    // libvterm reports the text's end as a move of its own when it was one; as there.
    if (textCursor.row == cursor.row && textCursor.col == cursor.col)
        textCursor = {-1, -1};
}

// As xterm does (libvterm counts cells): the glyph `count` times more, as far as the line goes;
// nothing when there is no glyph of a width to repeat. The glyph goes in as text, which
// libvterm's parser, at rest after a REP, reads as it reads any.
void TerminalEmulator::Private::repeatLastGlyph(int count)
{
    if (lastGlyphWidth <= 0)
        return;
    VTermPos cursor{};
    vterm_state_get_cursorpos(state, &cursor);
    const int cells = screen.columns() - cursor.col;
    const int copies = std::min(count, (cells + lastGlyphWidth - 1) / lastGlyphWidth);
    if (copies <= 0)
        return;
    const qsizetype length = std::find(lastGlyph.begin(), lastGlyph.end(), 0) - lastGlyph.begin();
    const QByteArray glyph = QString::fromUcs4(lastGlyph.data(), length).toUtf8();
    feed(glyph.repeated(copies));
}

QByteArrayView TerminalEmulator::Private::fragmentBytes(const char *str, size_t length) const
{
    const auto at = reinterpret_cast<std::uintptr_t>(str);
    const auto begin = reinterpret_cast<std::uintptr_t>(writing.data());
    const auto end = begin + std::uintptr_t(writing.size());
    if (str == nullptr || writing.isEmpty() || at < begin || at > end)
        return {};
    return QByteArrayView(str, qsizetype(std::min<std::uintptr_t>(length, end - at)));
}

void TerminalEmulator::Private::setTitle(const QByteArray &utf8)
{
    const QString decoded = QString::fromUtf8(utf8);
    if (decoded == title)
        return;
    title = decoded;
    titlePending = true;
    postUpdate();
}

quint32 TerminalEmulator::Private::packColor(const VTermColor &color, bool foreground) const
{
#if TERRARIUM_VTERM_TAGGED_COLORS
    Q_UNUSED(foreground)
    if (color.type & VTERM_COLOR_DEFAULT_MASK)
        return 0;
    if (VTERM_COLOR_IS_INDEXED(&color))
        return PackedIndexed | color.indexed.idx;
    return PackedRgb | (quint32(color.rgb.red) << 16) | (quint32(color.rgb.green) << 8)
        | color.rgb.blue;
#else
    const auto same = [](const VTermColor &a, const VTermColor &b) {
        return a.red == b.red && a.green == b.green && a.blue == b.blue;
    };
    if (same(color, foreground ? defaultForeground : defaultBackground))
        return 0;
    for (int index = 0; index < 16; ++index) {
        if (same(color, palette[index]))
            return PackedIndexed | quint32(index);
    }
    return PackedRgb | (quint32(color.red) << 16) | (quint32(color.green) << 8) | color.blue;
#endif
}

TerminalEmulator::TerminalEmulator(int rows, int columns, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, clampRows(rows), clampColumns(columns)))
{
    d->vt.reset(
        vterm_new_with_allocator(d->screen.rows(), d->screen.columns(), &vtermAllocator, nullptr));
    VTerm *vt = d->vt.get();
    vterm_set_utf8(vt, 1);
    vterm_output_set_callback(vt, &Private::onOutput, d.get());
    d->state = vterm_obtain_state(vt);
#if !TERRARIUM_VTERM_TAGGED_COLORS
    vterm_state_get_default_colors(d->state, &d->defaultForeground, &d->defaultBackground);
    for (int index = 0; index < 16; ++index)
        vterm_state_get_palette_color(d->state, index, &d->palette[index]);
#endif
    vterm_state_set_callbacks(d->state, &Private::stateCallbacks(), d.get());
    vterm_state_reset(d->state, 1);
    d->announcedCursor = cursor();
}

TerminalEmulator::~TerminalEmulator() = default;

void TerminalEmulator::write(QByteArrayView bytes)
{
    if (bytes.isEmpty())
        return;
    const QByteArrayView filtered = d->input.filter(bytes);
    const QByteArrayView data = d->parser.guard(filtered, d->input.plainPrefix());
    qsizetype fed = 0;
    if (d->textShortcut && d->parser.wasWritingTextPlainly()) {
        fed = d->writePlain(data.first(std::min(d->input.plainPrefix(), data.size())));
    }
    for (const TerminalParserGuard::Repeat &repeat : d->parser.repeats()) {
        d->feed(data.sliced(fed, repeat.at - fed));
        d->repeatLastGlyph(repeat.count);
        fed = repeat.at;
    }
    d->feed(data.sliced(fed));
    d->postUpdate();
    // Answers to queries (device attributes, cursor position reports).
    d->flushOutput();
}

void TerminalEmulator::setTextShortcut(bool enabled)
{
    d->textShortcut = enabled;
}

void TerminalEmulator::resize(int rows, int columns)
{
    rows = clampRows(rows);
    columns = clampColumns(columns);
    if (rows == d->screen.rows() && columns == d->screen.columns())
        return;
    const bool shorter = rows < d->screen.rows();
    // Lines move between screen and scrollback in there (Private::onResize).
    vterm_set_size(d->vt.get(), rows, columns);
    if (shorter)
        d->resetScrollRegion();
    d->postUpdate();
    d->flushOutput();
}

int TerminalEmulator::rows() const
{
    return d->screen.rows();
}

int TerminalEmulator::columns() const
{
    return d->screen.columns();
}

TerminalCell TerminalEmulator::cell(int row, int column) const
{
    if (row >= 0) {
        if (row >= d->screen.rows() || column < 0 || column >= d->screen.columns())
            return {};
        return d->screen.cell(row, column);
    }
    const int index = -row - 1;
    if (index >= d->screen.scrollback().size())
        return {};
    return TerminalScrollback::cell(d->screen.scrollback().line(index), column);
}

QString TerminalEmulator::lineText(int row) const
{
    if (row < 0) {
        const int index = -row - 1;
        return index < d->screen.scrollback().size()
            ? TerminalScrollback::text(d->screen.scrollback().line(index))
            : QString();
    }
    return row < d->screen.rows() ? d->screen.lineText(row) : QString();
}

QString TerminalEmulator::screenText() const
{
    QStringList lines;
    lines.reserve(d->screen.rows());
    for (int row = 0; row < d->screen.rows(); ++row)
        lines.append(d->screen.lineText(row));
    return lines.join(QLatin1Char('\n'));
}

int TerminalEmulator::scrollbackLines() const
{
    return d->screen.scrollback().size();
}

void TerminalEmulator::setScrollbackLimit(int lines)
{
    d->screen.setScrollbackLimit(lines);
    d->postUpdate();
}

int TerminalEmulator::scrollbackLimit() const
{
    return d->screen.scrollback().limit();
}

void TerminalEmulator::clearScrollback()
{
    if (d->screen.scrollback().size() == 0)
        return;
    d->screen.clearScrollback();
    d->postUpdate();
}

qint64 TerminalEmulator::linesScrolledOff() const
{
    return d->screen.linesScrolledOff();
}

bool TerminalEmulator::isWrapped(int row) const
{
    if (row >= 0)
        return row < d->screen.rows() && d->screen.isWrapped(row);
    const int index = -row - 1;
    return index < d->screen.scrollback().size() && d->screen.scrollback().line(index).wrapped;
}

TerminalCursor TerminalEmulator::cursor() const
{
    VTermPos position{};
    vterm_state_get_cursorpos(d->state, &position);
    TerminalCursor cursor;
    cursor.row = std::clamp(position.row, 0, d->screen.rows() - 1);
    cursor.column = std::clamp(position.col, 0, d->screen.columns() - 1);
    cursor.visible = d->cursorVisible;
    cursor.blinking = d->cursorBlinking;
    cursor.shape = d->cursorShape;
    return cursor;
}

bool TerminalEmulator::isAlternateScreen() const
{
    return d->screen.isAlternate();
}

QString TerminalEmulator::title() const
{
    return d->title;
}

TerminalMouseMode TerminalEmulator::mouseMode() const
{
    return d->mouseMode;
}

bool TerminalEmulator::isBracketedPasteEnabled() const
{
    // libvterm tracks DECSET 2004 (through resets, split sequences and all) but has no getter
    // for it; what it would send at the start of a paste is the answer.
    QByteArray probe;
    d->capture = &probe;
    vterm_keyboard_start_paste(d->vt.get());
    d->capture = nullptr;
    return !probe.isEmpty();
}

void TerminalEmulator::sendKey(TerminalKey key, TerminalModifiers modifiers)
{
    VTermModifier mod = toVTermModifier(modifiers);
    if (isKeypadKey(key)) {
        // libvterm knows whether the program asked for application keypad mode (it has no
        // getter): what it sends for the key without modifiers is that mode's encoding. Shift
        // and Ctrl leave a keypad key as it is and Alt prefixes ESC, as in xterm's default
        // (modifyKeypadKeys 0); libvterm would send CSI u forms that shells print as junk.
        QByteArray keypad;
        d->capture = &keypad;
        vterm_keyboard_key(d->vt.get(), toVTermKey(key), VTERM_MOD_NONE);
        if (key == TerminalKey::KeypadEnter && keypad == "\n") {
            // libvterm 0.1 sends LF for it outside application keypad mode; xterm sends what
            // Enter sends (CR, or CR LF in newline mode).
            keypad.clear();
            vterm_keyboard_key(d->vt.get(), VTERM_KEY_ENTER, VTERM_MOD_NONE);
        }
        d->capture = nullptr;
        if (mod & VTERM_MOD_ALT)
            d->output += '\x1b';
        d->output += keypad;
        d->flushOutput();
        return;
    }
    switch (key) {
    case TerminalKey::Enter:
    case TerminalKey::Escape:
        // libvterm sends CSI u for Shift/Ctrl+Enter; programs that do not ask for that (shells)
        // print it. xterm's default: the plain key, ESC-prefixed with Alt.
        mod = VTermModifier(mod & VTERM_MOD_ALT);
        break;
    case TerminalKey::Backspace:
        if (mod & VTERM_MOD_CTRL) {
            // xterm: Ctrl+Backspace is ^H (deletes a word in many programs), not CSI 127;5u.
            if (mod & VTERM_MOD_ALT)
                d->output += '\x1b';
            d->output += '\x08';
            d->flushOutput();
            return;
        }
        mod = VTermModifier(mod & VTERM_MOD_ALT);
        break;
    default:
        break;
    }
    vterm_keyboard_key(d->vt.get(), toVTermKey(key), mod);
    d->flushOutput();
}

void TerminalEmulator::sendText(const QString &text, TerminalModifiers modifiers)
{
    if (text.isEmpty())
        return;
    // Shift is already in the text; libvterm's vterm_keyboard_unichar() would turn Ctrl and Alt
    // into CSI u sequences for some characters and cut Alt+non-ASCII to one byte, so the legacy
    // encoding is done here: Ctrl picks the C0 control, Alt prefixes ESC.
    if (!(modifiers & (TerminalModifier::Control | TerminalModifier::Alt))) {
        d->output += text.toUtf8();
        d->flushOutput();
        return;
    }
    for (char32_t c : text.toUcs4()) {
        if (modifiers & TerminalModifier::Control)
            c = controlCharacter(c);
        if (modifiers & TerminalModifier::Alt)
            d->output += '\x1b';
        appendUtf8(d->output, c);
    }
    d->flushOutput();
}

void TerminalEmulator::sendPaste(const QString &text)
{
    // Terminals paste lines with CR, as if typed; a program reading a tty in raw mode (an
    // editor) expects Enter, not LF. No control in the text can end the bracket early and run
    // the rest as typed commands.
    const QByteArray pasted = TerminalPaste::text(text).toUtf8();
    vterm_keyboard_start_paste(d->vt.get());
    d->output += pasted;
    vterm_keyboard_end_paste(d->vt.get());
    d->flushOutput();
}

void TerminalEmulator::sendMouse(TerminalMouseButton button, bool pressed, int row, int column,
                                 TerminalModifiers modifiers)
{
    if (d->mouseMode == TerminalMouseMode::None)
        return;
    const VTermModifier mod = toVTermModifier(modifiers);
    VTerm *vt = d->vt.get();
    // Reports only happen when the cell changes and the mode asks for motion.
    vterm_mouse_move(vt, std::clamp(row, 0, d->screen.rows() - 1),
                     std::clamp(column, 0, d->screen.columns() - 1), mod);
    switch (button) {
    case TerminalMouseButton::None:
        break;
    case TerminalMouseButton::Left:
        vterm_mouse_button(vt, 1, pressed, mod);
        break;
    case TerminalMouseButton::Middle:
        vterm_mouse_button(vt, 2, pressed, mod);
        break;
    case TerminalMouseButton::Right:
        vterm_mouse_button(vt, 3, pressed, mod);
        break;
    case TerminalMouseButton::WheelUp:
    case TerminalMouseButton::WheelDown:
        // A wheel step is one report; xterm sends no release for it.
        if (pressed)
            vterm_mouse_button(vt, button == TerminalMouseButton::WheelUp ? 4 : 5, true, mod);
        break;
    }
    d->flushOutput();
}

void TerminalEmulator::sendFocus(bool focused)
{
    // libvterm answers only when the program asked for focus events (DECSET 1004).
    if (focused)
        vterm_state_focus_in(d->state);
    else
        vterm_state_focus_out(d->state);
    d->flushOutput();
}

} // namespace Terrarium::Core
