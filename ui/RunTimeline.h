#pragma once

#include "core/agent/PlanStep.h"
#include "core/agent/RunEvent.h"

#include <QHash>
#include <QScrollArea>

class QLabel;
class QVBoxLayout;

namespace Terrarium::Widgets {

class StepCard;

// The scrolling timeline of a run: one StepCard per executed step, plus short notices where the
// run hit an error and re-planned. It follows the run's event stream and keeps the newest card
// in view unless the user scrolled away.
class RunTimeline : public QScrollArea
{
    Q_OBJECT

public:
    explicit RunTimeline(QWidget *parent = nullptr);
    ~RunTimeline() override;

    void clear();
    void handleEvent(const Core::RunEvent &event);
    void setStepState(int stepId, Core::StepState state);
    StepCard *card(int stepId) const { return m_cards.value(stepId); }
    QList<StepCard *> cards() const;
    void setAllCollapsed(bool collapsed);
    // Text of the notices shown so far (errors, re-plans), for tests and accessibility.
    QStringList notices() const;

    // Undo after the run (StepCard): offers Undo Step on the undoable cards while the run's
    // sandbox is there, and shows what the app reports back.
    void setUndoOffered(bool offered);
    void showUndoInProgress(int stepId);
    // steps: stepId and the steps that ran after it.
    void setStepsUndone(int stepId, const QList<int> &steps);
    void showUndoError(int stepId, const QString &reason);

Q_SIGNALS:
    void inputSubmitted(int stepId, const QString &line);
    void inputClosed(int stepId);
    void undoRequested(int stepId);

private:
    StepCard *addCard(int stepId, const QString &title, const QString &command);
    void addNotice(const QString &text, const QColor &accent);
    void addWidget(QWidget *widget);
    void followIfAtBottom();

    QWidget *m_content = nullptr;
    QVBoxLayout *m_layout = nullptr;
    QLabel *m_placeholder = nullptr;
    QHash<int, StepCard *> m_cards;
    QList<QLabel *> m_notices;
    bool m_follow = true;
    bool m_undoOffered = false;
};

} // namespace Terrarium::Widgets
