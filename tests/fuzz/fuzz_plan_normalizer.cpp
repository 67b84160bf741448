// libFuzzer target for PlanNormalizer: whatever a model writes, normalize() must not crash,
// hang, or return a plan that breaks its documented limits.
#include "core/agent/PlanNormalizer.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using Terrarium::Core::PlanNormalizer;

namespace {

void check(bool condition)
{
    if (!condition)
        std::abort(); // libFuzzer saves the input that got here
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString modelOutput =
        QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const std::optional<QStringList> steps = PlanNormalizer::normalize(modelOutput);
    if (!steps)
        return 0;
    check(!steps->isEmpty());
    check(steps->size() <= PlanNormalizer::MaxSteps);
    for (const QString &title : *steps) {
        check(!title.isEmpty());
        check(title.size() <= PlanNormalizer::MaxTitleLength);
    }
    check(PlanNormalizer::normalize(modelOutput) == steps); // no hidden state
    return 0;
}
