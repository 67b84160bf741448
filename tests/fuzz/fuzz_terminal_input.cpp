// libFuzzer target for TerminalEmulator: the bytes a program in the terminal writes are the
// program's to choose, and with them the sequences that move the cursor, scroll, switch screens,
// set margins and titles. Written in pieces, with resizes (taller, shorter, wider, narrower),
// scrollback limits, keyboard and mouse input and event-loop turns in between, no output may
// crash the emulator or leave it in a state its readers cannot use: the cursor on the screen,
// every screen row and scrollback line readable, the scrollback within its limit, and updates
// that only name cells of the screen. A second emulator gets all of it with the text shortcut off
// (everything through libvterm); in the end both must show the same.
#include "core/terminal/TerminalEmulator.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

using Terrarium::Core::TerminalCell;
using Terrarium::Core::TerminalCursor;
using Terrarium::Core::TerminalEmulator;
using Terrarium::Core::TerminalKey;
using Terrarium::Core::TerminalModifier;
using Terrarium::Core::TerminalModifiers;
using Terrarium::Core::TerminalMouseButton;

namespace {

// TerminalEmulator's bounds (sizes are clamped to them) and what a cell can hold: six
// characters (ScreenCell::MaxChars), each one or two UTF-16 units.
constexpr int MaxRows = 1000;
constexpr int MaxColumns = 2000;
constexpr qsizetype MaxCellUnits = 12;
constexpr qsizetype MaxTitleBytes = 4096;

void check(bool condition)
{
    if (!condition)
        std::abort(); // libFuzzer saves the input that got here
}

// The schedule of writes, resizes and the rest, from a generator seeded by the input's header
// (xorshift), so that the bytes after it are the program's output as they are.
struct Schedule
{
    std::uint32_t state;

    std::uint32_t next()
    {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return state;
    }
    int below(int bound) { return int(next() % std::uint32_t(bound)); }
};

void checkCell(const TerminalCell &cell)
{
    check(cell.width <= 2);
    check(cell.text.size() <= MaxCellUnits);
}

void checkScreen(const TerminalEmulator &terminal, int rows, int columns, Schedule &schedule)
{
    check(terminal.rows() == rows && terminal.columns() == columns);
    const TerminalCursor cursor = terminal.cursor();
    check(cursor.row >= 0 && cursor.row < rows);
    check(cursor.column >= 0 && cursor.column < columns);
    checkCell(terminal.cell(cursor.row, cursor.column));

    for (int row = 0; row < rows; ++row) {
        check(terminal.lineText(row).size() <= columns * MaxCellUnits);
        terminal.isWrapped(row);
    }
    // Cells never hold a line break, so the screen's text has exactly one per row boundary.
    check(terminal.screenText().count(u'\n') == rows - 1);
    const int row = schedule.below(rows);
    for (int column = 0; column < columns; ++column)
        checkCell(terminal.cell(row, column));

    const int lines = terminal.scrollbackLines();
    check(lines >= 0 && lines <= terminal.scrollbackLimit());
    check(terminal.linesScrolledOff() >= 0);
    if (lines > 0) {
        // The newest, the oldest and one in between; their lengths are those of the screen
        // the lines left.
        for (const int index : {1, lines, 1 + schedule.below(lines)}) {
            check(terminal.lineText(-index).size() <= MaxColumns * MaxCellUnits);
            terminal.isWrapped(-index);
            checkCell(terminal.cell(-index, schedule.below(columns)));
        }
    }
    // Beyond the scrollback and the screen: blank.
    check(terminal.lineText(-lines - 1).isEmpty() && terminal.lineText(rows).isEmpty());
    check(terminal.cell(rows, 0) == TerminalCell{});
    check(!terminal.isWrapped(-lines - 1));

    check(terminal.title().size() <= MaxTitleBytes);
}

// Keys, text, pastes, mouse and focus, encoded in whatever modes the program turned on.
void sendInput(TerminalEmulator &terminal, Schedule &schedule, int rows, int columns)
{
    const TerminalModifiers modifiers = TerminalModifiers::fromInt(schedule.below(8));
    switch (schedule.below(5)) {
    case 0:
        terminal.sendKey(TerminalKey(schedule.below(int(TerminalKey::KeypadEqual) + 1)), modifiers);
        break;
    case 1:
        terminal.sendText(QStringLiteral("a\u00e9\u4e2d"), modifiers);
        break;
    case 2:
        terminal.sendPaste(QStringLiteral("line\nnext\r\n\x1b[201~end"));
        break;
    case 3:
        // Also outside the screen, which is clamped.
        terminal.sendMouse(TerminalMouseButton(schedule.below(6)), schedule.below(2) == 0,
                           schedule.below(rows + 4) - 2, schedule.below(columns + 4) - 2,
                           modifiers);
        break;
    default:
        terminal.sendFocus(schedule.below(2) == 0);
        break;
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    // Updates are delivered through queued calls: they need an application and its event queue.
    static int argc = 1;
    static char name[] = "fuzz_terminal_input";
    static char *argv[] = {name, nullptr};
    static QCoreApplication application(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // Header: rows, columns, scrollback limit and two bytes that seed the schedule. Sizes stay
    // small (0 and -1 to test the clamping) so that a run takes little time.
    constexpr std::size_t HeaderSize = 5;
    if (size < HeaderSize)
        return 0;
    int rows = std::clamp(int(data[0] % 64) - 1, 1, MaxRows);
    int columns = std::clamp(int(data[1] % 200) - 1, 1, MaxColumns);
    Schedule schedule{(std::uint32_t(data[3]) << 8 | data[4]) * 2654435761u | 1u};
    const char *output = reinterpret_cast<const char *>(data) + HeaderSize;
    const qsizetype length = qsizetype(size - HeaderSize);

    TerminalEmulator terminal(int(data[0] % 64) - 1, int(data[1] % 200) - 1);
    terminal.setScrollbackLimit(data[2] % 64);
    TerminalEmulator reference(int(data[0] % 64) - 1, int(data[1] % 200) - 1);
    reference.setScrollbackLimit(data[2] % 64);
    reference.setTextShortcut(false);

    // What the updates announce must fit the screen at the time they arrive.
    QObject::connect(&terminal, &TerminalEmulator::contentsChanged, &terminal,
                     [&terminal](const QRect &damage) {
                         check(!damage.isEmpty());
                         check(QRect(0, 0, terminal.columns(), terminal.rows()).contains(damage));
                     });
    QObject::connect(&terminal, &TerminalEmulator::scrollbackChanged, &terminal,
                     [&terminal](int lines) { check(lines == terminal.scrollbackLines()); });
    QObject::connect(&terminal, &TerminalEmulator::titleChanged, &terminal,
                     [&terminal](const QString &title) { check(title == terminal.title()); });

    for (qsizetype pos = 0; pos < length;) {
        const int action = schedule.below(32);
        if (action == 0) {
            // Any size change; the rows also by a lot, so that whole screens go to the
            // scrollback and come back.
            const int newRows = schedule.below(66) - 1;
            const int newColumns = schedule.below(202) - 1;
            terminal.resize(newRows, newColumns);
            reference.resize(newRows, newColumns);
            rows = std::clamp(newRows, 1, MaxRows);
            columns = std::clamp(newColumns, 1, MaxColumns);
        } else if (action == 1) {
            const int limit = schedule.below(64);
            terminal.setScrollbackLimit(limit);
            reference.setScrollbackLimit(limit);
        } else if (action == 2) {
            terminal.clearScrollback();
            reference.clearScrollback();
        } else if (action == 3) {
            sendInput(terminal, schedule, rows, columns);
        } else if (action < 8) {
            // A turn of the event loop: the update is delivered, the view reads the screen.
            QCoreApplication::sendPostedEvents();
            checkScreen(terminal, rows, columns, schedule);
        } else {
            // Pieces of 1 to 256 bytes, mostly small: sequences and UTF-8 get split anywhere.
            const qsizetype piece =
                std::min<qsizetype>(1 + schedule.below(1 << schedule.below(9)), length - pos);
            terminal.write(QByteArrayView(output + pos, piece));
            reference.write(QByteArrayView(output + pos, piece));
            pos += piece;
        }
    }
    QCoreApplication::sendPostedEvents();
    checkScreen(terminal, rows, columns, schedule);
    check(terminal.cursor() == reference.cursor());
    check(terminal.scrollbackLines() == reference.scrollbackLines());
    for (int row = -terminal.scrollbackLines(); row < rows; ++row) {
        check(terminal.isWrapped(row) == reference.isWrapped(row));
        for (int column = 0; column < columns; ++column)
            check(terminal.cell(row, column) == reference.cell(row, column));
    }
    return 0;
}
