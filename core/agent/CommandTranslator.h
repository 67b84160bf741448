#pragma once

#include "core/agent/ModelQuery.h"
#include "core/agent/TranslationRequest.h"

#include <optional>

namespace Terrarium::Core {

// Asks the executor model for the one bash command of a plan step, through an emit_bash tool
// call, and passes it through CommandGuard. The model may first ask, once, for what an earlier
// step printed (read_output): outputWanted() says which, showOutput() answers.
class CommandTranslator : public ModelQuery
{
    Q_OBJECT

public:
    explicit CommandTranslator(LlmClient *client, QObject *parent = nullptr);

    void translate(const TranslationRequest &request);
    // The answer to outputWanted(), from PromptBuilder::executorOutputShown().
    void showOutput(const QString &text);

Q_SIGNALS:
    void commandReady(const QString &command);
    // The model asked for the output of the step numbered `stepId` in the plan it was shown.
    void outputWanted(int stepId);

protected:
    QString interpret(const LlmResponse &response) override;
    QString correctionPrompt(const QString &problem) const override;
    QString unusableMessage(const QString &problem) const override;
    void accepted() override;

private:
    QString m_command;
    std::optional<int> m_wantedStep; // read_output's step, until it is answered
    bool m_outputShown = false; // read_output was answered: emit_bash is the only answer left
};

} // namespace Terrarium::Core
