// The settings dialog with sample values, for looking at it: layout, clipping and contrast in
// light and dark palettes. Not a test; run it under Xvfb and take a screenshot:
//   settingsdialog_gallery [--dark] [--host] [--detected | --detection-failed] [--no-keyring]
//                          [--invalid] [--overridden] [--approve-all] [--tab N]
//                          [--screenshot FILE]
//                                                          (QT_SCALE_FACTOR=2 for HiDPI)
// --overridden loads the configuration as if the environment and the command line set some
// values (and a key), so that the fields show where their values come from.
#include "core/config/ConfigLoader.h"
#include "ui/SettingsDialog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

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
    const QCommandLineOption overridden(
        QStringLiteral("overridden"),
        QStringLiteral("Some values come from the environment and the command line."));
    const QCommandLineOption approveAll(
        QStringLiteral("approve-all"),
        QStringLiteral("Every command approved; no command approved \"always\" yet."));
    const QCommandLineOption tab(QStringLiteral("tab"), QStringLiteral("The tab to show (0..2)."),
                                 QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QStringLiteral("Save a picture of the dialog to FILE, print its size and quit."),
        QStringLiteral("FILE"));
    parser.addOptions({dark, host, detected, detectionFailed, noKeyring, invalid, overridden,
                       approveAll, tab, screenshot});
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
    values.alwaysAllowed = {QStringLiteral("rm -rf build"),
                            QStringLiteral("chmod -R u+w node_modules"),
                            QStringLiteral("git clean -fdx")};
    if (parser.isSet(approveAll)) {
        values.approval = ApprovalPolicy::All;
        values.alwaysAllowed.clear();
    }
    values.remoteControl = true;
    values.remoteControlSocket = true;
    dialog.setValues(values);
    dialog.setControlToken(
        QStringLiteral("0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"),
        QStringLiteral("the desktop keyring (secret-tool lookup server org.terrarium.Terrarium "
                       "user control-token)"));

    // The provenance as the app computes it, from a scratch config file holding these values.
    QTemporaryDir scratch;
    QSettings settings(scratch.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    values.save(settings);
    QProcessEnvironment environment;
    ConfigOverrides flags;
    if (parser.isSet(overridden)) {
        environment.insert(QStringLiteral("TERRARIUM_PLANNER_MODEL"),
                           QStringLiteral("claude-opus-4-1"));
        environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-hidden"));
        environment.insert(QStringLiteral("TERRARIUM_MEMORY_MIB"), QStringLiteral("8192"));
        flags.maxSteps = QStringLiteral("12");
        flags.approval = QStringLiteral("all");
    }
    if (const auto config = ConfigLoader::load(settings, environment, flags))
        dialog.setProvenance(config->provenance);
    dialog.setConfigFile(QStringLiteral("/home/user/.config/Terrarium/terrarium.conf"));
    dialog.findChild<QTabWidget *>()->setCurrentIndex(parser.value(tab).toInt());
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
    if (parser.isSet(screenshot)) {
        QTimer::singleShot(500, &dialog, [&dialog, &parser, &screenshot] {
            const QString path = parser.value(screenshot);
            const bool saved = dialog.grab().save(path);
            QTextStream(stdout) << path << ' ' << dialog.width() << 'x' << dialog.height()
                                << (saved ? "" : " (not saved)") << Qt::endl;
            QApplication::exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
