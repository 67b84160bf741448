#include "core/config/KeyStore.h"
#include "core/config/SettingsSession.h"
#include "ui/SettingsDialog.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Terrarium::Core;
using Terrarium::Widgets::SettingsDialog;

Q_DECLARE_METATYPE(Terrarium::Core::UserSettings)

namespace {

// The field a label with this text is the buddy of. A label that is not there is a broken
// test, not a failed check: stop with its name rather than crash on a null pointer.
template<typename Field>
Field *fieldFor(const SettingsDialog &dialog, const QString &labelText)
{
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text() != labelText)
            continue;
        if (auto *field = qobject_cast<Field *>(label->buddy()))
            return field;
    }
    qFatal("no %s labelled \"%s\" in the dialog", Field::staticMetaObject.className(),
           qPrintable(labelText));
}

QChar mnemonic(const QString &text)
{
    const qsizetype at = text.indexOf(u'&');
    return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
}

UserSettings sampleValues()
{
    UserSettings values;
    values.planner = {LlmProvider::Anthropic, QStringLiteral("https://llm-proxy.example/v1"),
                      QStringLiteral("claude-opus-4")};
    values.executor = {LlmProvider::ChatCompletions, QStringLiteral("http://localhost:8080/v1"),
                       QStringLiteral("llama-3.1-8b")};
    values.sandbox = QStringLiteral("libvirt");
    values.image = QStringLiteral("/var/lib/terrarium/debian.qcow2");
    values.cpus = 6;
    values.memoryMiB = 6144;
    values.network = QStringLiteral("outbound");
    return values;
}

} // namespace

class tst_SettingsDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void valuesRoundTripThroughTheWidgets_data();
    void valuesRoundTripThroughTheWidgets();
    void widgetsShowTheValues();
    void hostSandboxShowsAWarning();
    void placeholdersShowTheDefaults();
    void everyFieldHasABuddyWithItsOwnMnemonic();
    void apiKeysAreHiddenUntilShown();
    void changedKeysAreTracked();
    void keyringErrorLocksTheKeyFields();
    void detectButtonAsksAndTheResultFillsBothRoles();
    void detectionErrorIsShown();
    void ctrlEnterAccepts();
    void invalidValuesKeepTheDialogOpen();
    void settingsRoundTripEndToEnd();
};

void tst_SettingsDialog::initTestCase()
{
    QVERIFY2(qEnvironmentVariable("TERRARIUM_TEST_KEYRING") == QLatin1String("1"),
             "run this test through scripts/with-keyring");
}

void tst_SettingsDialog::valuesRoundTripThroughTheWidgets_data()
{
    QTest::addColumn<UserSettings>("values");
    QTest::newRow("defaults") << UserSettings();
    QTest::newRow("everything set") << sampleValues();
    UserSettings automatic = sampleValues();
    automatic.planner.provider.reset();
    automatic.executor = {LlmProvider::Responses, QString(), QString()};
    automatic.sandbox = QStringLiteral("host");
    automatic.image.clear();
    QTest::newRow("automatic provider, host") << automatic;
}

void tst_SettingsDialog::valuesRoundTripThroughTheWidgets()
{
    QFETCH(UserSettings, values);
    SettingsDialog dialog;
    dialog.setValues(values);
    QCOMPARE(dialog.values(), values);
}

void tst_SettingsDialog::widgetsShowTheValues()
{
    SettingsDialog dialog;
    dialog.setValues(sampleValues());
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("&Protocol:"))->currentText(),
             QStringLiteral("Anthropic Messages"));
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("Pr&otocol:"))->currentText(),
             QStringLiteral("Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)"));
    QCOMPARE(fieldFor<QLineEdit>(dialog, QStringLiteral("&Base URL:"))->text(),
             QStringLiteral("https://llm-proxy.example/v1"));
    QCOMPARE(fieldFor<QLineEdit>(dialog, QStringLiteral("Mo&del:"))->text(),
             QStringLiteral("llama-3.1-8b"));
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("Default &sandbox:"))->currentText(),
             QStringLiteral("libvirt virtual machine"));
    QCOMPARE(fieldFor<QSpinBox>(dialog, QStringLiteral("&CPUs:"))->value(), 6);
    QCOMPARE(fieldFor<QSpinBox>(dialog, QStringLiteral("Memo&ry:"))->value(), 6144);
    QCOMPARE(fieldFor<QComboBox>(dialog, QStringLiteral("&Network:"))->currentData().toString(),
             QStringLiteral("outbound"));
    const QStringList protocols = [&] {
        QStringList names;
        auto *combo = fieldFor<QComboBox>(dialog, QStringLiteral("&Protocol:"));
        for (int i = 0; i < combo->count(); ++i)
            names << combo->itemText(i);
        return names;
    }();
    QCOMPARE(protocols,
             (QStringList{QStringLiteral("Automatic (from the API key or base URL)"),
                          QStringLiteral("OpenAI Responses"),
                          QStringLiteral("Chat Completions (OpenAI, Ollama, llama.cpp, "
                                         "vLLM)"),
                          QStringLiteral("Anthropic Messages")}));
}

void tst_SettingsDialog::hostSandboxShowsAWarning()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *sandbox = fieldFor<QComboBox>(dialog, QStringLiteral("Default &sandbox:"));
    QVERIFY(sandbox);
    QLabel *warning = nullptr;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text().startsWith(QLatin1String("Commands run directly on this computer")))
            warning = label;
    }
    QVERIFY(warning);
    QVERIFY(!warning->isVisible());

    sandbox->setCurrentIndex(sandbox->findData(QStringLiteral("host")));
    QVERIFY(warning->isVisible());
    QCOMPARE(dialog.values().sandbox, QStringLiteral("host"));

    sandbox->setCurrentIndex(sandbox->findData(QStringLiteral("podman")));
    QVERIFY(!warning->isVisible());

    UserSettings host;
    host.sandbox = QStringLiteral("host");
    dialog.setValues(host);
    QVERIFY(warning->isVisible());
}

void tst_SettingsDialog::placeholdersShowTheDefaults()
{
    SettingsDialog dialog;
    auto *protocol = fieldFor<QComboBox>(dialog, QStringLiteral("&Protocol:"));
    auto *baseUrl = fieldFor<QLineEdit>(dialog, QStringLiteral("&Base URL:"));
    auto *model = fieldFor<QLineEdit>(dialog, QStringLiteral("&Model:"));
    auto *executorModel = fieldFor<QLineEdit>(dialog, QStringLiteral("Mo&del:"));

    protocol->setCurrentIndex(protocol->findData(QStringLiteral("anthropic")));
    QCOMPARE(baseUrl->placeholderText(), QStringLiteral("https://api.anthropic.com/v1"));
    QCOMPARE(model->placeholderText(), QStringLiteral("claude-sonnet-4-5"));
    protocol->setCurrentIndex(protocol->findData(QStringLiteral("responses")));
    QCOMPARE(baseUrl->placeholderText(), QStringLiteral("https://api.openai.com/v1"));
    QCOMPARE(model->placeholderText(), QStringLiteral("gpt-4.1"));
    QCOMPARE(executorModel->placeholderText(), QStringLiteral("gpt-4.1-mini or claude-haiku-4-5"));
    // Another server has no default model.
    baseUrl->setText(QStringLiteral("http://gpu-box:8000/v1"));
    QCOMPARE(model->placeholderText(), QStringLiteral("Required for this server"));
}

void tst_SettingsDialog::everyFieldHasABuddyWithItsOwnMnemonic()
{
    SettingsDialog dialog;
    QList<QWidget *> fields;
    for (QWidget *widget : dialog.findChildren<QWidget *>()) {
        const bool input = qobject_cast<QComboBox *>(widget) || qobject_cast<QSpinBox *>(widget)
            || qobject_cast<QLineEdit *>(widget);
        // A spin box's own line edit is part of it, not a field.
        if (input && !qobject_cast<QAbstractSpinBox *>(widget->parentWidget()))
            fields << widget;
    }
    QCOMPARE(fields.size(), 4 * 2 + 5);

    QStringList mnemonics;
    for (QWidget *field : fields) {
        QLabel *buddyLabel = nullptr;
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            if (label->buddy() == field)
                buddyLabel = label;
        }
        QVERIFY2(buddyLabel, qPrintable(field->metaObject()->className()));
        const QChar key = mnemonic(buddyLabel->text());
        QVERIFY2(key.isLetter(), qPrintable(buddyLabel->text()));
        mnemonics << key;
    }
    for (QAbstractButton *button : dialog.findChildren<QAbstractButton *>()) {
        const QChar key = mnemonic(button->text());
        if (!key.isNull())
            mnemonics << key;
    }
    QStringList unique = mnemonics;
    unique.removeDuplicates();
    QCOMPARE(unique.size(), mnemonics.size());
    // Buttons with mnemonics: Show (twice) and Detect local server, at least.
    QVERIFY(mnemonics.size() >= fields.size() + 3);
}

void tst_SettingsDialog::apiKeysAreHiddenUntilShown()
{
    SettingsDialog dialog;
    dialog.setApiKeys(QStringLiteral("sk-planner"), QStringLiteral("sk-executor"));
    auto *plannerKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:"));
    auto *executorKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API k&ey:"));
    QVERIFY(plannerKey);
    QVERIFY(executorKey);
    QCOMPARE(plannerKey->echoMode(), QLineEdit::Password);
    QCOMPARE(executorKey->echoMode(), QLineEdit::Password);
    QToolButton *show = nullptr;
    for (QToolButton *button : dialog.findChildren<QToolButton *>()) {
        if (button->text() == QLatin1String("S&how"))
            show = button;
    }
    QVERIFY(show);
    show->click();
    QCOMPARE(plannerKey->echoMode(), QLineEdit::Normal);
    QCOMPARE(executorKey->echoMode(), QLineEdit::Password);
    show->click();
    QCOMPARE(plannerKey->echoMode(), QLineEdit::Password);
}

void tst_SettingsDialog::changedKeysAreTracked()
{
    SettingsDialog dialog;
    dialog.setApiKeys(QStringLiteral("sk-planner"), QString());
    QCOMPARE(dialog.apiKey(LlmRole::Planner), QStringLiteral("sk-planner"));
    QVERIFY(!dialog.isApiKeyChanged(LlmRole::Planner));
    QVERIFY(!dialog.isApiKeyChanged(LlmRole::Executor));
    QCOMPARE(dialog.changedApiKey(LlmRole::Planner), std::nullopt);

    auto *executorKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API k&ey:"));
    QTest::keyClicks(executorKey, QStringLiteral("sk-new"));
    QVERIFY(dialog.isApiKeyChanged(LlmRole::Executor));
    QCOMPARE(dialog.changedApiKey(LlmRole::Executor), std::optional(QStringLiteral("sk-new")));

    fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:"))->clear();
    QCOMPARE(dialog.changedApiKey(LlmRole::Planner), std::optional(QString()));
}

void tst_SettingsDialog::keyringErrorLocksTheKeyFields()
{
    SettingsDialog dialog;
    auto *plannerKey = fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:"));
    QVERIFY(plannerKey->isEnabled());
    const QString message = QStringLiteral("No desktop keyring (Secret Service) is running.");
    dialog.setKeyringError(message);
    QVERIFY(!plannerKey->isEnabled());
    QVERIFY(!fieldFor<QLineEdit>(dialog, QStringLiteral("API k&ey:"))->isEnabled());
    bool shown = false;
    for (QLabel *label : dialog.findChildren<QLabel *>())
        shown = shown || label->text() == message;
    QVERIFY(shown);
    dialog.setKeyringError(QString());
    QVERIFY(plannerKey->isEnabled());
}

void tst_SettingsDialog::detectButtonAsksAndTheResultFillsBothRoles()
{
    SettingsDialog dialog;
    dialog.setValues(sampleValues());
    dialog.setApiKeys(QStringLiteral("sk-keep"), QString());
    QSignalSpy requested(&dialog, &SettingsDialog::detectLocalServerRequested);
    QPushButton *detect = nullptr;
    for (QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (button->text() == QLatin1String("Detect &local server"))
            detect = button;
    }
    QVERIFY(detect);
    QTest::mouseClick(detect, Qt::LeftButton);
    QCOMPARE(requested.count(), 1);
    QVERIFY(!detect->isEnabled()); // one probe at a time

    LocalServer server;
    server.kind = LocalServer::Kind::Ollama;
    server.root = QUrl(QStringLiteral("http://localhost:11434"));
    server.baseUrl = QUrl(QStringLiteral("http://localhost:11434/v1"));
    server.model = QStringLiteral("qwen2.5-coder:7b");
    dialog.setDetectionResult(server);
    QVERIFY(detect->isEnabled());

    const UserSettings values = dialog.values();
    for (const LlmRole role : {LlmRole::Planner, LlmRole::Executor}) {
        QCOMPARE(values.model(role).provider, LlmProvider::ChatCompletions);
        QCOMPARE(values.model(role).baseUrl, QStringLiteral("http://localhost:11434/v1"));
        QCOMPARE(values.model(role).model, QStringLiteral("qwen2.5-coder:7b"));
    }
    // The sandbox settings and keys are not the detector's business.
    QCOMPARE(values.sandbox, QStringLiteral("libvirt"));
    QVERIFY(!dialog.isApiKeyChanged(LlmRole::Planner));
    bool reported = false;
    for (QLabel *label : dialog.findChildren<QLabel *>())
        reported = reported || label->text().contains(QLatin1String("qwen2.5-coder:7b"));
    QVERIFY(reported);
}

void tst_SettingsDialog::detectionErrorIsShown()
{
    SettingsDialog dialog;
    dialog.setValues(sampleValues());
    const QString message = QStringLiteral("No local model server answered on localhost:11434 or "
                                           "localhost:8080.");
    dialog.setDetectionResult(makeError(ErrorCode::NotFound, message));
    QCOMPARE(dialog.values(), sampleValues());
    bool shown = false;
    for (QLabel *label : dialog.findChildren<QLabel *>())
        shown = shown || label->text() == message;
    QVERIFY(shown);
}

void tst_SettingsDialog::ctrlEnterAccepts()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    auto *model = fieldFor<QLineEdit>(dialog, QStringLiteral("&Model:"));
    model->setFocus();
    QTest::keyClicks(model, QStringLiteral("gpt-5"));
    QTest::keyClick(model, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(accepted.count(), 1);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.values().planner.model, QStringLiteral("gpt-5"));
}

void tst_SettingsDialog::invalidValuesKeepTheDialogOpen()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    auto *baseUrl = fieldFor<QLineEdit>(dialog, QStringLiteral("Base &URL:"));
    baseUrl->setText(QStringLiteral("localhost:8080"));
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QCOMPARE(accepted.count(), 0);
    QVERIFY(dialog.isVisible());
    const QString message = QStringLiteral(
        "The executor's base URL \"localhost:8080\" is not an http:// or https:// URL.");
    QLabel *error = nullptr;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text() == message)
            error = label;
    }
    QVERIFY(error);
    QVERIFY(error->isVisible());

    baseUrl->setText(QStringLiteral("http://localhost:8080/v1"));
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QCOMPARE(accepted.count(), 1);
}

void tst_SettingsDialog::settingsRoundTripEndToEnd()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("terrarium.conf"));
    const QString plannerKey = QStringLiteral("sk-planner-0f9e8d7c6b5a");
    {
        KeyStore keys;
        QSignalSpy removed(&keys, &KeyStore::writeFinished);
        keys.remove(LlmRole::Planner);
        keys.remove(LlmRole::Executor);
        QTRY_COMPARE_WITH_TIMEOUT(removed.count(), 2, 20000);
    }

    // The wiring app/ does: session -> dialog, and on OK dialog -> session.
    QSettings settings(path, QSettings::IniFormat);
    SettingsSession session(&settings);
    SettingsDialog dialog;
    connect(&session, &SettingsSession::loaded, &dialog, [&] {
        dialog.setValues(session.values());
        dialog.setApiKeys(session.apiKey(LlmRole::Planner), session.apiKey(LlmRole::Executor));
        dialog.setKeyringError(session.keyringError() ? session.keyringError()->message
                                                      : QString());
    });
    connect(&dialog, &QDialog::accepted, &session, [&] {
        session.save(dialog.values(), dialog.changedApiKey(LlmRole::Planner),
                     dialog.changedApiKey(LlmRole::Executor));
    });
    QSignalSpy loaded(&session, &SettingsSession::loaded);
    session.load();
    QVERIFY(loaded.wait(20000));
    QVERIFY(!session.keyringError().has_value());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    // Edit the way a user does.
    auto *protocol = fieldFor<QComboBox>(dialog, QStringLiteral("&Protocol:"));
    protocol->setCurrentIndex(protocol->findData(QStringLiteral("anthropic")));
    QTest::keyClicks(fieldFor<QLineEdit>(dialog, QStringLiteral("&Model:")),
                     QStringLiteral("claude-opus-4"));
    QTest::keyClicks(fieldFor<QLineEdit>(dialog, QStringLiteral("API &key:")), plannerKey);
    QTest::keyClicks(fieldFor<QLineEdit>(dialog, QStringLiteral("Base &URL:")),
                     QStringLiteral("http://localhost:11434/v1"));
    QTest::keyClicks(fieldFor<QLineEdit>(dialog, QStringLiteral("Mo&del:")),
                     QStringLiteral("qwen2.5-coder:7b"));
    auto *sandbox = fieldFor<QComboBox>(dialog, QStringLiteral("Default &sandbox:"));
    sandbox->setCurrentIndex(sandbox->findData(QStringLiteral("libvirt")));
    auto *cpus = fieldFor<QSpinBox>(dialog, QStringLiteral("&CPUs:"));
    cpus->setValue(4);
    auto *network = fieldFor<QComboBox>(dialog, QStringLiteral("&Network:"));
    network->setCurrentIndex(network->findData(QStringLiteral("outbound")));
    QCheckBox *copy = nullptr;
    for (QCheckBox *box : dialog.findChildren<QCheckBox *>())
        if (box->text().contains(QLatin1String("workspace")))
            copy = box;
    QVERIFY(copy);
    QVERIFY(!copy->isChecked());
    copy->click();

    QSignalSpy saved(&session, &SettingsSession::saved);
    QTest::keyClick(&dialog, Qt::Key_Return, Qt::ControlModifier);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(saved.wait(20000));
    const auto result = saved.first().first().value<Result<void>>();
    QVERIFY2(result.has_value(), qPrintable(result ? QString() : result.error().message));

    // The file holds the values and not the key.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY2(bytes.contains("provider=anthropic"), bytes.constData());
    QVERIFY(bytes.contains("model=claude-opus-4"));
    QVERIFY(bytes.contains("base_url=http://localhost:11434/v1"));
    QVERIFY(bytes.contains("kind=libvirt"));
    QVERIFY(bytes.contains("cpus=4"));
    QVERIFY(bytes.contains("network=outbound"));
    QVERIFY(bytes.contains("workspace_mode=copy"));
    QVERIFY(!bytes.contains(plannerKey.toUtf8()));
    QVERIFY(!bytes.contains("sk-"));
    QVERIFY(!bytes.contains("0f9e8d7c6b5a"));

    // The keyring holds the key.
    KeyStore keys;
    QSignalSpy read(&keys, &KeyStore::readFinished);
    keys.read(LlmRole::Planner);
    QVERIFY(read.wait(20000));
    const auto key = read.first().at(1).value<Result<QString>>();
    QVERIFY(key.has_value());
    QCOMPARE(*key, plannerKey);

    // And a new dialog (next start of the app) shows it all again.
    QSettings reopened(path, QSettings::IniFormat);
    SettingsSession nextSession(&reopened);
    QSignalSpy nextLoaded(&nextSession, &SettingsSession::loaded);
    nextSession.load();
    QVERIFY(nextLoaded.wait(20000));
    SettingsDialog next;
    next.setValues(nextSession.values());
    next.setApiKeys(nextSession.apiKey(LlmRole::Planner), nextSession.apiKey(LlmRole::Executor));
    QCOMPARE(next.values(), dialog.values());
    QCOMPARE(next.apiKey(LlmRole::Planner), plannerKey);
    QCOMPARE(next.apiKey(LlmRole::Executor), QString());
}

QTEST_MAIN(tst_SettingsDialog)

#include "tst_settingsdialog.moc"
