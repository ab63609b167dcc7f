// The team board's screenshots (issue #31): the window's Team Board dock with a pipeline story opened, and Settings →
// Team board after a connection test, in English and in Russian, against a throwaway PostgreSQL 15 cluster holding a
// few stories. Run under Xvfb:
//   teamboard_screenshots <output folder>

#include "EngineHarness.h"
#include "MainWindow.h"
#include "PostgresCluster.h"
#include "TeamBoardDock.h"
#include "TeamBoardPage.h"
#include "TeamBoardPanel.h"
#include "chat/TeamBoard.h"
#include "chat/TeamBoardSetup.h"
#include "chat/Translations.h"
#include "presentation/TeamBoardSettingsViewModel.h"
#include "presentation/TeamBoardViewModel.h"
#include "storage/BoardUrl.h"
#include "storage/PostgresBoardStore.h"
#include "storage/SecretStore.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

// A pipeline a team would have on its board: one story at each phase.
bool fillBoard(PostgresBoardStore &board)
{
    const QStringList chain
        = { u"analyst"_s, u"implementer"_s, u"reviewer"_s, u"refactorer"_s, u"documenter"_s, u"orchestrator"_s };
    const QStringList stories = { u"v0.1:1.1.1"_s, u"v0.1:1.1.2"_s, u"v0.1:1.2.1"_s, u"v0.2:2.1"_s, u"v0.2:3.4"_s };
    QDateTime when = QDateTime::currentDateTimeUtc().addSecs(-3 * 3600);
    for (int s = 0; s < stories.size(); ++s) {
        const qint64 key = board.story(stories.at(s));
        for (int step = 0; step <= s + 1 && step + 1 < chain.size(); ++step) {
            Handoff h;
            h.conversationId = key;
            h.fromAgent = chain.at(step);
            h.toAgent = chain.at(step + 1);
            h.createdAt = when = when.addSecs(240);
            if (!board.create(h))
                return false;
            if (step < s + 1 && (!h.transitionTo(Handoff::Status::Accepted, when.addSecs(60)) || !board.saveStatus(h)))
                return false;
        }
    }
    return true;
}

bool save(QWidget *widget, const QString &path)
{
    QTest::qWait(300);
    const bool ok = widget->grab().save(path);
    std::fprintf(stderr, "%s %s\n", ok ? "wrote" : "FAILED", qPrintable(path));
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-teamboard-screenshots"_s);
    const QDir out(app.arguments().value(1, u"."_s));
    Tandem::Test::PostgresCluster cluster;
    QString error;
    if (!cluster.start()) {
        std::fprintf(stderr, "%s\n", qPrintable(cluster.errorString()));
        return 1;
    }
    std::unique_ptr<PostgresBoardStore> writer
        = PostgresBoardStore::open(*BoardUrl::parse(cluster.url(), &error), {}, &error);
    if (!writer || !fillBoard(*writer))
        return 1;

    TeamBoard board(500);
    TeamBoardViewModel view(&board);
    SecretStore secrets(u"tandem-screenshots"_s);
    TeamBoardSetup setup(&secrets);
    TeamBoardSettingsViewModel settings(&setup);
    board.connectWithPassword(cluster.url(), {});
    int failures = 0;
    for (const QString &language : { u"en"_s, u"ru"_s }) {
        Translations::install(language);
        TeamBoardDock dock(&view);
        dock.resize(560, 640);
        dock.show();
        QTreeView *stories = dock.panel()->storyList();
        failures += !QTest::qWaitFor([&] { return stories->model()->rowCount() == 5; }, 20000);
        stories->setCurrentIndex(stories->model()->index(1, 0));
        failures += !QTest::qWaitFor([&] { return !view.openedStoryHandoffs().isEmpty(); }, 20000);
        failures += !save(&dock, out.filePath(u"team-board-%1.png"_s.arg(language)));

        // The same dock in the window, beside the conversations.
        Tandem::Test::EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
        MainWindow window(&harness.repository());
        window.setTeamBoard(&view, &settings);
        window.resize(1280, 800);
        window.show();
        window.teamBoardDock()->show();
        failures += !save(&window, out.filePath(u"team-window-%1.png"_s.arg(language)));

        QTabWidget tabs;
        auto *page = new TeamBoardPage(&settings);
        tabs.addTab(page, QCoreApplication::translate("Tandem::SettingsDialog", "Team &board"));
        tabs.resize(760, 360);
        tabs.show();
        page->urlField()->setText(u"postgresql://alice@db.team.example:5432/tandem?sslmode=verify-full"_s);
        page->passwordField()->setText(u"correct horse battery staple"_s);
        failures += !save(&tabs, out.filePath(u"team-settings-%1.png"_s.arg(language)));
        page->urlField()->setText(cluster.url());
        page->passwordField()->clear();
        page->testButton()->click();
        failures += !QTest::qWaitFor([&] { return page->testButton()->isEnabled(); }, 20000);
        failures += !save(&tabs, out.filePath(u"team-settings-tested-%1.png"_s.arg(language)));
        page->urlField()->setText(u"postgresql://alice:hunter2@db.team.example/tandem"_s);
        failures += !save(&tabs, out.filePath(u"team-settings-bad-%1.png"_s.arg(language)));
    }
    return failures == 0 ? 0 : 1;
}
