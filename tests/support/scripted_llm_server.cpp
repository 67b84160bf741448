// terrarium-scripted-llm: the local LLM test server as a program of its own, to try Terrarium by
// hand (the window, --headless, a sandbox) against a scripted model. It speaks the provider's
// exact wire format and answers requests with the given turns, in order:
//
//   terrarium-scripted-llm [--provider chat|responses|anthropic] [--ollama MODEL] TURN...
//     TURN: plan:STEP|STEP|...   the planner's plan
//           command:CMD          the executor's emit_bash call
//           read_output:N        the executor asking for step N's output
//
// With --ollama it also answers GET /api/tags as Ollama would, with MODEL, whatever the turns,
// so that Terrarium's local-server detection finds it (OLLAMA_HOST=127.0.0.1:PORT).
//
// It prints its base URL (http://127.0.0.1:PORT/v1) on the first line of stdout, then one line
// per request it answered, and serves until it is ended (SIGINT, SIGTERM). Once the turns are
// used up it answers 500, saying so. For example:
//
//   terrarium-scripted-llm plan:'Say hello|Ask for a name' command:'echo hello'
//       command:'read -r name; echo "hi $name"' > llm.out &
//   terrarium --headless --provider chat --base-url "$(head -1 llm.out)"
//       --planner-model m --executor-model m --goal greet
#include "core/llm/LlmEndpoint.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>
#include <QStringList>

#include <csignal>
#include <cstdio>

#include <sys/socket.h>
#include <unistd.h>

using namespace Terrarium;

namespace {

int signalFds[2] = {-1, -1};

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(signalFds[1], &byte, 1);
}

int usage(const char *problem)
{
    std::fprintf(
        stderr,
        "terrarium-scripted-llm: %s\n"
        "usage: terrarium-scripted-llm [--provider chat|responses|anthropic] [--ollama MODEL] "
        "TURN...\n"
        "  TURN: plan:STEP|STEP|...  or  command:CMD  or  read_output:N\n",
        problem);
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    Core::LlmProvider provider = Core::LlmProvider::ChatCompletions;
    if (arguments.value(0) == QLatin1String("--provider")) {
        const auto named = Core::LlmEndpoint::providerFromName(arguments.value(1));
        if (!named)
            return usage("--provider takes chat, responses or anthropic");
        provider = *named;
        arguments = arguments.mid(2);
    }
    QString ollamaModel;
    if (arguments.value(0) == QLatin1String("--ollama")) {
        ollamaModel = arguments.value(1);
        if (ollamaModel.isEmpty())
            return usage("--ollama takes a model name");
        arguments = arguments.mid(2);
    }
    if (arguments.isEmpty())
        return usage("no turns given");

    Tests::LlmTestServer server;
    if (!ollamaModel.isEmpty())
        server.setFixedAnswer(
            "/api/tags",
            Tests::ScriptedResponse::json(
                200,
                QJsonDocument(
                    QJsonObject{{QStringLiteral("models"),
                                 QJsonArray{QJsonObject{{QStringLiteral("name"), ollamaModel}}}}})
                    .toJson(QJsonDocument::Compact)));
    for (const QString &turn : std::as_const(arguments)) {
        if (turn.startsWith(QLatin1String("plan:")))
            server.enqueue(Tests::ScriptedTurns::plan(
                provider, turn.mid(5).split(QLatin1Char('|'), Qt::SkipEmptyParts)));
        else if (turn.startsWith(QLatin1String("command:")))
            server.enqueue(Tests::ScriptedTurns::command(provider, turn.mid(8)));
        else if (turn.startsWith(QLatin1String("read_output:")) && turn.mid(12).toInt() > 0)
            server.enqueue(Tests::ScriptedTurns::readOutput(provider, turn.mid(12).toInt()));
        else
            return usage(qPrintable(QStringLiteral("not a turn: %1").arg(turn)));
    }
    if (!server.listen())
        return usage("cannot listen on 127.0.0.1");

    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, signalFds) != 0)
        return usage("no socket pair for signals");
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    QSocketNotifier ended(signalFds[0], QSocketNotifier::Read);
    QObject::connect(&ended, &QSocketNotifier::activated, &app, &QCoreApplication::quit);

    // Told before the answer is taken from the turns: a turn left is this request's.
    const bool listsModels = !ollamaModel.isEmpty();
    QObject::connect(&server, &Tests::LlmTestServer::requestReceived, &app, [&server, listsModels] {
        const char *answer = listsModels && server.requests().constLast().path == "/api/tags"
            ? "the model list"
            : server.pendingResponses() > 0 ? "answered"
                                            : "no turns left (500)";
        std::printf("request %lld: %s\n", static_cast<long long>(server.requestCount()), answer);
        std::fflush(stdout);
    });
    std::printf("%s\n", qPrintable(server.baseUrl().toString()));
    std::fflush(stdout);
    return app.exec();
}
