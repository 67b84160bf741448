#pragma once

#include <QStyledItemDelegate>

namespace Terrarium::Widgets {

// Paints one plan step in the checklist: a state glyph (pending, running — a spinning arc —,
// done, failed, skipped), the step's title and, under it, the command once it is known.
class PlanStepDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit PlanStepDelegate(QObject *parent = nullptr);

    // Rotation of the running spinner, advanced by the view's animation timer.
    void setSpinnerAngle(int degrees) { m_spinnerAngle = degrees; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // What the row says at its right about how the step ended ("exit 1", "cancelled", "timed
    // out"; empty when it succeeded or has not ended), as the step's card says it; failure: whether
    // it is shown as one (red).
    static QString endText(const QModelIndex &index, bool *failure = nullptr);

private:
    void paintGlyph(QPainter *painter, const QRectF &box, int state, const QPalette &palette) const;

    int m_spinnerAngle = 0;
};

} // namespace Terrarium::Widgets
