#include "UiColors.h"

#include <QPalette>

#include <algorithm>
#include <cmath>

namespace Terrarium::Widgets::UiColors {

namespace {

double linearChannel(double channel)
{
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

} // namespace

double luminance(const QColor &color)
{
    const QColor rgb = color.toRgb();
    return 0.2126 * linearChannel(rgb.redF()) + 0.7152 * linearChannel(rgb.greenF())
        + 0.0722 * linearChannel(rgb.blueF());
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor ensureContrast(const QColor &foreground, const QColor &background, double minimumRatio)
{
    if (contrastRatio(foreground, background) >= minimumRatio)
        return foreground;
    // Move towards the end of the lightness scale that is farther from the background.
    const bool lighten =
        contrastRatio(Qt::white, background) > contrastRatio(Qt::black, background);
    const QColor hsl = foreground.toHsl();
    float hue = 0;
    float saturation = 0;
    float lightness = 0;
    float alpha = 1;
    hsl.getHslF(&hue, &saturation, &lightness, &alpha);
    constexpr float step = 0.02f;
    for (int i = 0; i < 50; ++i) {
        lightness = std::clamp(lightness + (lighten ? step : -step), 0.0f, 1.0f);
        const QColor candidate = QColor::fromHslF(hue, saturation, lightness, alpha).toRgb();
        if (contrastRatio(candidate, background) >= minimumRatio)
            return candidate;
        if (lightness <= 0.0f || lightness >= 1.0f)
            break;
    }
    return lighten ? QColor(Qt::white) : QColor(Qt::black);
}

QColor blend(const QColor &from, const QColor &to, double amount)
{
    const QColor a = from.toRgb();
    const QColor b = to.toRgb();
    const double t = std::clamp(amount, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t), a.alphaF());
}

bool isDark(const QPalette &palette)
{
    // Dark when white text would read better on it than black text.
    const QColor base = palette.color(QPalette::Base);
    return contrastRatio(Qt::white, base) > contrastRatio(Qt::black, base);
}

QColor link(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor link = palette.color(QPalette::Link);
    if (contrastRatio(link, base) >= 4.5)
        return link;
    // Usually a dark palette that kept Qt's #0000ff: lightening pure blue drifts towards
    // lavender, so start from a blue made for the background's side instead.
    const QColor blue = isDark(palette) ? QColor(0x6c, 0xb6, 0xff) : QColor(0x0b, 0x57, 0xd0);
    return ensureContrast(blue, base);
}

QColor success(const QPalette &palette, const QColor &background)
{
    return ensureContrast(isDark(palette) ? QColor(0x7e, 0xd3, 0x8f) : QColor(0x1a, 0x7f, 0x37),
                          background);
}

QColor failure(const QPalette &palette, const QColor &background)
{
    return ensureContrast(isDark(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xc0, 0x1c, 0x28),
                          background);
}

QColor signOn(const QColor &fill)
{
    return contrastRatio(Qt::white, fill) > contrastRatio(Qt::black, fill) ? QColor(Qt::white)
                                                                           : QColor(Qt::black);
}

QColor warning(const QPalette &palette, const QColor &background)
{
    return ensureContrast(isDark(palette) ? QColor(0xfb, 0xbf, 0x24) : QColor(0xb4, 0x53, 0x09),
                          background);
}

QColor stepMark(const QPalette &palette, Core::StepState state)
{
    const QColor base = palette.color(QPalette::Base);
    switch (state) {
    case Core::StepState::Running:
        return link(palette);
    case Core::StepState::Done:
        return success(palette, base);
    case Core::StepState::Failed:
    case Core::StepState::Denied:
    case Core::StepState::TimedOut:
        return failure(palette, base);
    case Core::StepState::AwaitingApproval:
        return warning(palette, base);
    case Core::StepState::Pending:
    case Core::StepState::Skipped:
    case Core::StepState::Undone:
    case Core::StepState::Cancelled:
        break;
    }
    // Qt's placeholder gray is often half-transparent: judge it as it lands on Base.
    QColor gray = palette.color(QPalette::PlaceholderText);
    const double alpha = gray.alphaF();
    gray.setAlphaF(1.0f);
    return ensureContrast(blend(base, gray, alpha), base, 3.0);
}

} // namespace Terrarium::Widgets::UiColors
