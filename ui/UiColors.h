#pragma once

#include "core/agent/PlanStep.h"

#include <QColor>

class QPalette;

// Colour arithmetic shared by the timeline widgets, so that every colour they add to the
// palette stays readable on light and dark palettes alike. Pure functions, cheap.
namespace Terrarium::Widgets::UiColors {

// WCAG 2 relative luminance (0 black .. 1 white) and contrast ratio (1 .. 21).
double luminance(const QColor &color);
double contrastRatio(const QColor &a, const QColor &b);
// foreground, made lighter (on a dark background) or darker (on a light one) until it reaches
// minimumRatio against background; the hue is kept. 4.5 is WCAG AA for normal text.
QColor ensureContrast(const QColor &foreground, const QColor &background,
                      double minimumRatio = 4.5);
// from moved towards to by amount (0 .. 1), channel by channel; alpha from `from`.
QColor blend(const QColor &from, const QColor &to, double amount);

// A palette is dark when its text background (Base) is.
bool isDark(const QPalette &palette);
// The palette's link blue, readable as text on Base (some dark palettes keep Qt's #0000ff).
QColor link(const QPalette &palette);
// Green for success and red for failure, readable as text on background, tuned to the
// palette's lightness.
QColor success(const QPalette &palette, const QColor &background);
QColor failure(const QPalette &palette, const QColor &background);
// White or black, whichever reads better on fill (the sign inside a filled mark).
QColor signOn(const QColor &fill);
// Amber for what waits on the user (an approval), likewise readable.
QColor warning(const QPalette &palette, const QColor &background);
// The colour of a step's state mark (ring, arc or disc) in the checklist and on step cards:
// opaque, and at least 3:1 against the palette's Base, the WCAG minimum for graphics that carry
// meaning. Pending, skipped and undone are gray, running the link blue, done green, failed red.
QColor stepMark(const QPalette &palette, Core::StepState state);

} // namespace Terrarium::Widgets::UiColors
