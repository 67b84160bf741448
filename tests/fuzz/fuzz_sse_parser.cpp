// libFuzzer target for SseParser: no input may crash it, grow it past its bound, or make the
// result depend on how the bytes were split across feed() calls.
#include "core/llm/SseParser.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using Terrarium::Core::SseEvent;
using Terrarium::Core::SseParser;

namespace {

void check(bool condition)
{
    if (!condition)
        std::abort(); // libFuzzer saves the input that got here
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // A hash of the input picks the chunk size and, with its top bit, a small size limit so
    // the overflow path is reached too. Hashing (rather than taking a control byte) keeps the
    // seed corpus, real provider streams, meaningful as it is.
    std::uint32_t hash = 2166136261u; // FNV-1a
    for (std::size_t i = 0; i < size; ++i)
        hash = (hash ^ data[i]) * 16777619u;
    const unsigned control = hash & 0xff;
    const char *bytes = reinterpret_cast<const char *>(data);
    const qsizetype length = qsizetype(size);
    const qsizetype limit = (control & 0x80) ? 64 : SseParser::DefaultMaxEventSize;
    const qsizetype chunk = qsizetype(control & 0x7f) + 1;

    SseParser whole(limit);
    whole.feed(QByteArrayView(bytes, length));
    whole.finish();
    const QList<SseEvent> expected = whole.takeEvents();

    SseParser split(limit);
    QList<SseEvent> actual;
    for (qsizetype pos = 0; pos < length; pos += chunk) {
        split.feed(QByteArrayView(bytes + pos, qMin(chunk, length - pos)));
        actual += split.takeEvents();
    }
    split.finish();
    actual += split.takeEvents();

    check(whole.hasError() == split.hasError());
    check(actual == expected);
    for (const SseEvent &event : expected) {
        // Line ends never leak into fields; only data joins its lines with '\n'.
        check(!event.event.isEmpty());
        check(!event.event.contains('\n') && !event.event.contains('\r'));
        check(!event.id.contains('\n') && !event.id.contains('\r') && !event.id.contains('\0'));
        check(!event.data.contains('\r'));
        check(event.data.size() <= limit);
    }
    return 0;
}
