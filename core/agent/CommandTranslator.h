#pragma once

#include "core/agent/ModelQuery.h"
#include "core/agent/TranslationRequest.h"

namespace Terrarium::Core {

// Asks the executor model for the one bash command of a plan step, through a forced emit_bash
// tool call, and passes it through CommandGuard.
class CommandTranslator : public ModelQuery
{
    Q_OBJECT

public:
    explicit CommandTranslator(LlmClient *client, QObject *parent = nullptr);

    void translate(const TranslationRequest &request);

Q_SIGNALS:
    void commandReady(const QString &command);

protected:
    QString interpret(const LlmResponse &response) override;
    QString correctionPrompt(const QString &problem) const override;
    QString unusableMessage(const QString &problem) const override;
    void accepted() override;

private:
    QString m_command;
};

} // namespace Terrarium::Core
