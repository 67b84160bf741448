#pragma once

#include <QLabel>

namespace Terrarium::Widgets {

// A small rounded label for a fact about a step ("exit 0", "1.2 s"), tinted by its tone:
// green for success, red for failure, neutral gray otherwise. Colours come from the palette
// at paint time (light and dark alike) and keep text readable (WCAG AA); sizes come from the
// font, so it scales with HiDPI and the user's font. Screen readers read accessibleName(),
// which defaults to the text.
class Chip : public QLabel
{
    Q_OBJECT

public:
    enum class Tone { Neutral, Success, Failure };

    explicit Chip(QWidget *parent = nullptr);
    Chip(const QString &text, Tone tone, QWidget *parent = nullptr);
    ~Chip() override;

    Tone tone() const { return m_tone; }
    void setTone(Tone tone);

    // The colours the chip paints with for the current palette and tone.
    QColor textColor() const;
    QColor fillColor() const;
    QColor borderColor() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateMargins();

    Tone m_tone = Tone::Neutral;
};

} // namespace Terrarium::Widgets
