// The settings dialog with sample values, for looking at it: layout, clipping and contrast in
// light and dark palettes. Not a test; run it under Xvfb and take a screenshot:
//   settingsdialog_gallery [--dark] [--host] [--detected | --detection-failed] [--no-keyring]
//                          [--invalid]                     (QT_SCALE_FACTOR=2 for HiDPI)
#include "ui/SettingsDialog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPushButton>
#include <QStyleFactory>

using namespace Terrarium::Core;
using Terrarium::Widgets::SettingsDialog;

namespace {

QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2b, 0x2b);
    const QColor base(0x1e, 0x1e, 0x1e);
    const QColor text(0xe8, 0xe8, 0xe8);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    palette.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Mid, QColor(0x50, 0x50, 0x50));
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    palette.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return palette;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption dark(QStringLiteral("dark"), QStringLiteral("Dark palette."));
    const QCommandLineOption host(QStringLiteral("host"), QStringLiteral("Host sandbox chosen."));
    const QCommandLineOption detected(QStringLiteral("detected"),
                                      QStringLiteral("A local server was found."));
    const QCommandLineOption detectionFailed(QStringLiteral("detection-failed"),
                                             QStringLiteral("No local server was found."));
    const QCommandLineOption noKeyring(QStringLiteral("no-keyring"),
                                       QStringLiteral("There is no keyring."));
    const QCommandLineOption invalid(QStringLiteral("invalid"),
                                     QStringLiteral("OK pressed with a bad base URL."));
    parser.addOptions({dark, host, detected, detectionFailed, noKeyring, invalid});
    parser.process(app);

    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (parser.isSet(dark))
        app.setPalette(darkPalette());

    SettingsDialog dialog;
    UserSettings values;
    values.planner = {LlmProvider::Anthropic, QString(), QString()};
    values.executor = {LlmProvider::ChatCompletions, QStringLiteral("http://localhost:8080/v1"),
                       QStringLiteral("llama-3.1-8b-instruct")};
    values.sandbox = parser.isSet(host) ? QStringLiteral("host") : QStringLiteral("podman");
    values.cpus = 4;
    values.memoryMiB = 4096;
    dialog.setValues(values);
    dialog.setApiKeys(QStringLiteral("sk-ant-api03-example"), QString());
    if (parser.isSet(noKeyring)) {
        dialog.setKeyringError(QStringLiteral(
            "No desktop keyring (Secret Service) is running; set OPENAI_API_KEY/ANTHROPIC_API_KEY "
            "(or TERRARIUM_API_KEY for other servers) in the environment instead."));
    }
    if (parser.isSet(detected)) {
        LocalServer server;
        server.kind = LocalServer::Kind::Ollama;
        server.root = QUrl(QStringLiteral("http://localhost:11434"));
        server.baseUrl = QUrl(QStringLiteral("http://localhost:11434/v1"));
        server.model = QStringLiteral("qwen2.5-coder:14b");
        dialog.setDetectionResult(server);
    } else if (parser.isSet(detectionFailed)) {
        dialog.setDetectionResult(makeError(
            ErrorCode::NotFound,
            QStringLiteral("No local model server answered: nothing listens on localhost:11434 "
                           "(Ollama) or localhost:8080 (llama.cpp).")));
    }
    dialog.show();
    if (parser.isSet(invalid)) {
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            if (label->text() == QLatin1String("&Base URL:"))
                qobject_cast<QLineEdit *>(label->buddy())
                    ->setText(QStringLiteral("localhost:11434"));
        }
        dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    }
    return app.exec();
}
