#pragma once

#include "core/agent/ModelQuery.h"
#include "core/agent/PlanRequest.h"

#include <QStringList>

namespace Terrarium::Core {

// Asks the planner model for a plan, or for the rest of a plan after a failure.
// Structured output where the protocol has it (Responses text.format, Chat response_format),
// a forced submit_plan tool where it does not (Anthropic).
class Planner : public ModelQuery
{
    Q_OBJECT

public:
    explicit Planner(LlmClient *client, QObject *parent = nullptr);

    void requestPlan(const PlanRequest &request);

Q_SIGNALS:
    void planReady(const QStringList &steps);

protected:
    QString interpret(const LlmResponse &response) override;
    QString correctionPrompt(const QString &problem) const override;
    QString unusableMessage(const QString &problem) const override;
    void accepted() override;

private:
    QStringList m_steps;
};

} // namespace Terrarium::Core
