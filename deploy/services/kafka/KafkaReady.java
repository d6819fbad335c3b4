// Readiness probe for deploy/services/kafka.sh, run as a single-file source program:
//   java -cp '<libs>/*' KafkaReady.java BOOTSTRAP TIMEOUT_SECONDS
// Succeeds once the cluster answers metadata requests with at least one broker.
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterResult;

public class KafkaReady {
  public static void main(String[] args) throws Exception {
    long deadline = System.currentTimeMillis() + Long.parseLong(args[1]) * 1000;
    Properties props = new Properties();
    props.put("bootstrap.servers", args[0]);
    props.put("request.timeout.ms", "5000");
    props.put("default.api.timeout.ms", "5000");
    try (Admin admin = Admin.create(props)) {
      while (true) {
        try {
          DescribeClusterResult cluster = admin.describeCluster();
          int brokers = cluster.nodes().get().size();
          admin.listTopics().names().get();
          if (brokers > 0) {
            System.out.println("cluster " + cluster.clusterId().get() + ", " + brokers + " broker(s)");
            return;
          }
        } catch (Exception e) {
          if (System.currentTimeMillis() > deadline) {
            System.err.println("not ready: " + e);
            System.exit(1);
          }
        }
        Thread.sleep(250);
      }
    }
  }
}
